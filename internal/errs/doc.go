// Package errs holds the sentinel errors every layer of the library wraps,
// and the error type behind them: the root package exports the sentinels
// under their public names (snakes.ErrTooLarge is errs.ErrTooLarge), so that
// an error made anywhere below satisfies errors.Is against them; and the
// check that JSON names its fields as documented (ExactKeys), which the
// library and its server both read by.
//
// It imports only the standard library, and every other package of the
// library may import it.
package errs
