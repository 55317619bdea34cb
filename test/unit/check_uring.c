/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_uring.c - rtiexec's io_uring writer (rti/core/uring.c): batched sends
 * reach their sockets intact and in order, a full socket answers -EAGAIN
 * at once instead of blocking the flush, a send to a closed peer reports
 * its error, and batches larger than the ring are refused by
 * uring_room.  Skipped where io_uring is unavailable (the fallback there
 * is rtiexec's plain send(), covered by every integration suite run with
 * --no-io-uring in check_faults).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "config.h"
#include "uring.h"

#define N_PAIRS 5

struct result {
	uint64_t tag[64];
	int n[64];
	size_t count;
};

static void
record(void *arg, uint64_t tag, int n)
{
	struct result *r = arg;

	ck_assert_uint_lt(r->count, 64);
	r->tag[r->count] = tag;
	r->n[r->count] = n;
	r->count++;
}

static struct uring *
ring_or_skip(unsigned entries)
{
	struct uring *u = uring_init(entries);

	if (!u)
		fprintf(stderr, "check_uring: io_uring unavailable (%s); "
		    "skipping\n", strerror(errno));
	return u;
}

/* A stream socket pair whose writing end sv[0] does not block. */
static void
pair(int sv[2])
{
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(fcntl(sv[0], F_SETFL, O_NONBLOCK), 0);
}

static void
unpair(int sv[2])
{
	close(sv[0]);
	close(sv[1]);
}

START_TEST(test_batch_reaches_every_socket)
{
	struct uring *u = ring_or_skip(8);
	struct result r;
	int sv[N_PAIRS][2], i, k;
	char msg[N_PAIRS][32], got[64];

	if (!u)
		return;
	memset(&r, 0, sizeof r);
	for (i = 0; i < N_PAIRS; i++) {
		pair(sv[i]);
		snprintf(msg[i], sizeof msg[i], "frame for socket %d", i);
		uring_send(u, sv[i][0], msg[i], strlen(msg[i]), 100 + i);
	}
	ck_assert_uint_eq(uring_room(u), 8 - N_PAIRS);
	ck_assert_int_eq(uring_flush(u, record, &r), 0);
	ck_assert_uint_eq(r.count, N_PAIRS);
	ck_assert_uint_eq(uring_room(u), 8);
	for (i = 0; i < N_PAIRS; i++) {
		/* every tag once, with its whole length */
		for (k = 0; k < N_PAIRS && r.tag[k] != (uint64_t)(100 + i); k++)
			;
		ck_assert_int_lt(k, N_PAIRS);
		ck_assert_int_eq(r.n[k], (int)strlen(msg[i]));
		memset(got, 0, sizeof got);
		ck_assert_int_eq(read(sv[i][1], got, sizeof got),
		    (int)strlen(msg[i]));
		ck_assert_str_eq(got, msg[i]);
		unpair(sv[i]);
	}
	/* nothing queued: nothing to do */
	ck_assert_int_eq(uring_flush(u, record, &r), 0);
	ck_assert_uint_eq(r.count, N_PAIRS);
	uring_free(u);
}
END_TEST

START_TEST(test_full_socket_answers_eagain)
{
	struct uring *u = ring_or_skip(4);
	struct result r;
	static char big[1 << 16];
	int full[2], open_[2], sz = 4096;
	ssize_t k;

	if (!u)
		return;
	memset(&r, 0, sizeof r);
	pair(full);
	pair(open_);
	setsockopt(full[0], SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
	while ((k = send(full[0], big, sizeof big, MSG_DONTWAIT)) > 0)
		;
	uring_send(u, full[0], "x", 1, 1);
	uring_send(u, open_[0], "y", 1, 2);
	/* returns although one socket cannot take a byte */
	ck_assert_int_eq(uring_flush(u, record, &r), 0);
	ck_assert_uint_eq(r.count, 2);
	ck_assert_int_eq(r.n[r.tag[0] == 1 ? 0 : 1], -EAGAIN);
	ck_assert_int_eq(r.n[r.tag[0] == 2 ? 0 : 1], 1);
	unpair(full);
	unpair(open_);
	uring_free(u);
}
END_TEST

START_TEST(test_closed_peer_reports_error)
{
	struct uring *u = ring_or_skip(4);
	struct result r;
	int sv[2];

	if (!u)
		return;
	signal(SIGPIPE, SIG_IGN);
	memset(&r, 0, sizeof r);
	pair(sv);
	close(sv[1]);
	uring_send(u, sv[0], "z", 1, 9);
	ck_assert_int_eq(uring_flush(u, record, &r), 0);
	ck_assert_uint_eq(r.count, 1);
	ck_assert_int_eq(r.n[0], -EPIPE);
	close(sv[0]);
	uring_free(u);
}
END_TEST

START_TEST(test_room_bounds_a_batch)
{
	struct uring *u = ring_or_skip(4);
	struct result r;
	int sv[2], i;

	if (!u)
		return;
	memset(&r, 0, sizeof r);
	pair(sv);
	for (i = 0; uring_room(u); i++)
		uring_send(u, sv[0], &"abcd"[i], 1, (uint64_t)i);
	ck_assert_int_eq(i, 4);
	ck_assert_int_eq(uring_flush(u, record, &r), 0);
	ck_assert_uint_eq(r.count, 4);
	/* one socket: the sends went out in submission order */
	{
		char got[8] = { 0 };

		ck_assert_int_eq(read(sv[1], got, sizeof got), 4);
		ck_assert_str_eq(got, "abcd");
	}
	unpair(sv);
	uring_free(u);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("uring");
	TCase *tc = tcase_create("uring");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_batch_reaches_every_socket);
	tcase_add_test(tc, test_full_socket_answers_eagain);
	tcase_add_test(tc, test_closed_peer_reports_error);
	tcase_add_test(tc, test_room_bounds_a_batch);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
