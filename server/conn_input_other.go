//go:build !unix

package server

// await: without a peek, the reader waits in its read.
func (in *wsInput) await() {}

// pending: without a peek, never idle.
func (in *wsInput) pending() bool { return true }
