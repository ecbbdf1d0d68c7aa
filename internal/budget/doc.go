// Package budget holds what bounds one call of the library as it runs: how
// long loops notice that the call's context is done, and a meter that
// counts the work of a call's several solves against one bound.
//
// It may import only the standard library and internal/errs.
package budget
