/* SPDX-License-Identifier: Apache-2.0 */
/*
 * uring.h - an io_uring through which rtiexec writes to many connections
 * with one system call.  Optional: uring_init fails where the kernel or
 * the build has no io_uring, where it is forbidden (seccomp,
 * kernel.io_uring_disabled), or where a send on a full socket would wait
 * inside the ring instead of failing with EAGAIN; rtiexec then writes
 * with send().  Buffers passed to uring_send must stay unchanged until
 * uring_flush returns.
 */
#ifndef RTI_URING_H
#define RTI_URING_H

#include <stddef.h>
#include <stdint.h>

struct uring;

/* A ring of `entries` submissions, or NULL (errno set). */
struct uring *uring_init(unsigned entries);
void uring_free(struct uring *u);
/* Room left in the current batch. */
unsigned uring_room(const struct uring *u);
/* Queue a non-blocking send of buf[0..len) on fd; `tag` comes back with
 * its result. */
void uring_send(struct uring *u, int fd, const void *buf, size_t len,
    uint64_t tag);
/* Submit what is queued and wait for every result: res(arg, tag, n) per
 * submitted send, n as send() returns it (-errno on error).  Returns 0,
 * or -1 when the submission failed: the ring is then unusable, and the
 * sends it did not take had no res call (none at all when nothing was
 * submitted). */
int uring_flush(struct uring *u, void (*res)(void *arg, uint64_t tag,
    int n), void *arg);

#endif
