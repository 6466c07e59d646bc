//go:build unix

package server

import "syscall"

// await returns once the client's next bytes can be read (or the socket
// has ended: the read that follows says how), parked in the poller under
// a few frames. It consumes nothing: a peek of one byte.
func (in *wsInput) await() {
	if in.raw == nil || in.br.Buffered() > 0 {
		return
	}
	_ = in.raw.Read(func(fd uintptr) bool {
		for {
			_, _, err := syscall.Recvfrom(int(fd), in.peek[:], syscall.MSG_PEEK)
			switch err {
			case syscall.EINTR:
				continue // not a wait: what arrived before it may have been signalled already
			case syscall.EAGAIN:
				return false // nothing yet: wait for the poller
			}
			return true // a byte, the peer's end, or an error the read will meet
		}
	})
}

// pending reports whether the client's next bytes (or its end) have
// arrived, without waiting.
func (in *wsInput) pending() bool {
	if in.raw == nil {
		return true
	}
	ready := true
	if err := in.raw.Control(func(fd uintptr) {
		for {
			_, _, err := syscall.Recvfrom(int(fd), in.peek[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
			if err == syscall.EINTR {
				continue
			}
			ready = err != syscall.EAGAIN
			return
		}
	}); err != nil {
		return true // closed: the read says so
	}
	return ready
}
