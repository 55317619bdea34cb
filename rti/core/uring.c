/* SPDX-License-Identifier: Apache-2.0 */
/* uring.c - see uring.h.  Raw system calls: no liburing. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "uring.h"

#ifndef HAVE_LINUX_IO_URING_H

struct uring *
uring_init(unsigned entries)
{
	(void)entries;
	errno = ENOSYS;
	return NULL;
}

void
uring_free(struct uring *u)
{
	(void)u;
}

unsigned
uring_room(const struct uring *u)
{
	(void)u;
	return 0;
}

void
uring_send(struct uring *u, int fd, const void *buf, size_t len,
    uint64_t tag)
{
	(void)u;
	(void)fd;
	(void)buf;
	(void)len;
	(void)tag;
}

int
uring_flush(struct uring *u, void (*res)(void *arg, uint64_t tag, int n),
    void *arg)
{
	(void)u;
	(void)res;
	(void)arg;
	return -1;
}

#else

#include <linux/io_uring.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

struct uring {
	int fd;
	int broken;               /* a submission failed: unusable */
	unsigned entries, queued;
	unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	void *sq_ptr, *cq_ptr;
	size_t sq_sz, cq_sz, sqes_sz;
};

static int
enter(struct uring *u, unsigned submit, unsigned wait)
{
	int rc;

	do
		rc = (int)syscall(__NR_io_uring_enter, u->fd, submit, wait,
		    wait ? IORING_ENTER_GETEVENTS : 0, NULL, 0);
	while (rc < 0 && errno == EINTR);
	return rc;
}

/* Pass every completion posted so far to res; returns how many. */
static unsigned
reap(struct uring *u, void (*res)(void *arg, uint64_t tag, int n),
    void *arg)
{
	unsigned head = *u->cq_head, got = 0;

	while (head != __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE)) {
		const struct io_uring_cqe *c = &u->cqes[head & *u->cq_mask];

		res(arg, c->user_data, c->res);
		head++;
		got++;
	}
	__atomic_store_n(u->cq_head, head, __ATOMIC_RELEASE);
	return got;
}

static void
eagain_res(void *arg, uint64_t tag, int n)
{
	*(int *)arg = tag == 7 && n == -EAGAIN;
}

/*
 * Does a send on a full socket complete at once with -EAGAIN, as it must
 * for uring_flush to wait for all its results without blocking?  A full
 * socket pair, one send, no waiting: the result must already be there.
 * 1 yes, 0 no (the request is then cancelled by closing the ring; its
 * buffer is static).
 */
static int
nowait_works(struct uring *u)
{
	static const char byte[1];
	char fill[4096];
	int sv[2], ok = 0, sz = 4096;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return 0;
	memset(fill, 0, sizeof fill);
	setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
	while (send(sv[0], fill, sizeof fill, MSG_DONTWAIT) > 0)
		;
	uring_send(u, sv[0], byte, 1, 7);
	if (enter(u, 1, 0) == 1)
		(void)reap(u, eagain_res, &ok);
	u->queued = 0;
	close(sv[0]);
	close(sv[1]);
	return ok;
}

struct uring *
uring_init(unsigned entries)
{
	struct io_uring_params p;
	struct uring *u = calloc(1, sizeof *u);
	char *sq, *cq;
	int e;

	if (!u)
		return NULL;
	memset(&p, 0, sizeof p);
	u->fd = (int)syscall(__NR_io_uring_setup, entries, &p);
	if (u->fd < 0) {
		free(u);
		return NULL;
	}
	u->entries = p.sq_entries;
	u->sq_sz = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	u->cq_sz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (u->cq_sz > u->sq_sz)
			u->sq_sz = u->cq_sz;
		u->cq_sz = u->sq_sz;
	}
	u->sq_ptr = mmap(NULL, u->sq_sz, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_POPULATE, u->fd, IORING_OFF_SQ_RING);
	if (u->sq_ptr == MAP_FAILED)
		goto fail;
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		u->cq_ptr = u->sq_ptr;
	} else {
		u->cq_ptr = mmap(NULL, u->cq_sz, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_POPULATE, u->fd, IORING_OFF_CQ_RING);
		if (u->cq_ptr == MAP_FAILED)
			goto fail;
	}
	u->sqes_sz = p.sq_entries * sizeof(struct io_uring_sqe);
	u->sqes = mmap(NULL, u->sqes_sz, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_POPULATE, u->fd, IORING_OFF_SQES);
	if (u->sqes == MAP_FAILED)
		goto fail;
	sq = u->sq_ptr;
	cq = u->cq_ptr;
	u->sq_head = (unsigned *)(sq + p.sq_off.head);
	u->sq_tail = (unsigned *)(sq + p.sq_off.tail);
	u->sq_mask = (unsigned *)(sq + p.sq_off.ring_mask);
	u->sq_array = (unsigned *)(sq + p.sq_off.array);
	u->cq_head = (unsigned *)(cq + p.cq_off.head);
	u->cq_tail = (unsigned *)(cq + p.cq_off.tail);
	u->cq_mask = (unsigned *)(cq + p.cq_off.ring_mask);
	u->cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);
	if (!nowait_works(u)) {
		errno = ENOTSUP;
		goto fail;
	}
	return u;
fail:
	e = errno;
	uring_free(u);
	errno = e;
	return NULL;
}

void
uring_free(struct uring *u)
{
	if (!u)
		return;
	if (u->sqes && u->sqes != MAP_FAILED)
		munmap(u->sqes, u->sqes_sz);
	if (u->cq_ptr && u->cq_ptr != MAP_FAILED && u->cq_ptr != u->sq_ptr)
		munmap(u->cq_ptr, u->cq_sz);
	if (u->sq_ptr && u->sq_ptr != MAP_FAILED)
		munmap(u->sq_ptr, u->sq_sz);
	close(u->fd);
	free(u);
}

unsigned
uring_room(const struct uring *u)
{
	return u->broken ? 0 : u->entries - u->queued;
}

void
uring_send(struct uring *u, int fd, const void *buf, size_t len,
    uint64_t tag)
{
	unsigned tail = *u->sq_tail, idx = tail & *u->sq_mask;
	struct io_uring_sqe *e = &u->sqes[idx];

	memset(e, 0, sizeof *e);
	e->opcode = IORING_OP_SEND;
	e->fd = fd;
	e->addr = (uint64_t)(uintptr_t)buf;
	e->len = (unsigned)len;
	/* MSG_DONTWAIT: a full socket completes with -EAGAIN at once
	 * instead of waiting inside the ring */
	e->msg_flags = MSG_NOSIGNAL | MSG_DONTWAIT;
	e->user_data = tag;
	u->sq_array[idx] = idx;
	__atomic_store_n(u->sq_tail, tail + 1, __ATOMIC_RELEASE);
	u->queued++;
}

int
uring_flush(struct uring *u, void (*res)(void *arg, uint64_t tag, int n),
    void *arg)
{
	unsigned n = u->queued, done = 0;
	int rc;

	if (n == 0)
		return 0;
	u->queued = 0;
	/* every send completes at once (nowait_works): waiting for all n
	 * results cannot block */
	rc = enter(u, n, n);
	if (rc < 0 || (unsigned)rc != n) {
		/* not all submitted: the rest would go out later from
		 * buffers that will have changed; give the ring up */
		u->broken = 1;
		if (rc <= 0)
			return -1;
		n = (unsigned)rc;
	}
	while (done < n) {
		done += reap(u, res, arg);
		if (done < n && enter(u, 0, n - done) < 0) {
			u->broken = 1;
			return -1;
		}
	}
	return u->broken ? -1 : 0;
}

#endif /* HAVE_LINUX_IO_URING_H */
