// Package budget holds what bounds one call of the library as it runs: how
// long loops notice that the call's context is done.
//
// It may import only the standard library and internal/errs.
package budget
