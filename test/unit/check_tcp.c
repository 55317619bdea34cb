/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_tcp.c - the socket options of rti's TCP connections
 * (proto/tcp.c): TCP_NODELAY on every connection; on a loopback
 * connection a congestion control that paces (BBR) is replaced by one
 * that does not, on both the connecting and the accepted end, once;
 * anything else (an unpaced congestion control, a Unix-domain socket, an
 * unconnected socket) is left as it was.
 */
#include <check.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "config.h"
#include "tcp.h"

/* A connected loopback TCP pair over `family`: c (connecting), a
 * (accepted).  0, or -1 where the family has no loopback here. */
static int
tcp_pair(int family, int *c, int *a)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;
	int l = socket(family, SOCK_STREAM, 0);

	memset(&ss, 0, sizeof ss);
	if (family == AF_INET) {
		struct sockaddr_in *v4 = (struct sockaddr_in *)&ss;

		v4->sin_family = AF_INET;
		v4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	} else {
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&ss;

		v6->sin6_family = AF_INET6;
		v6->sin6_addr = in6addr_loopback;
	}
	if (l < 0 || bind(l, (struct sockaddr *)&ss, family == AF_INET ?
	    sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) < 0) {
		if (l >= 0)
			close(l);
		return -1;
	}
	ck_assert_int_eq(listen(l, 1), 0);
	ck_assert_int_eq(getsockname(l, (struct sockaddr *)&ss, &sl), 0);
	*c = socket(family, SOCK_STREAM, 0);
	ck_assert_int_ge(*c, 0);
	ck_assert_int_eq(connect(*c, (struct sockaddr *)&ss, sl), 0);
	*a = accept(l, NULL, NULL);
	ck_assert_int_ge(*a, 0);
	close(l);
	return 0;
}

static void
cc_of(int fd, char *cc, size_t n)
{
	socklen_t l = (socklen_t)n - 1;

	memset(cc, 0, n);
	ck_assert_int_eq(getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, cc, &l),
	    0);
}

static int
nodelay_of(int fd)
{
	int v = 0;
	socklen_t l = sizeof v;

	ck_assert_int_eq(getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &v, &l), 0);
	return v;
}

/* Both ends of a loopback pair of `family`, first made to use BBR where
 * the kernel offers it. */
static void
check_family(int family)
{
	int fd[2], i;

	if (tcp_pair(family, &fd[0], &fd[1]) < 0) {
		ck_assert_int_eq(family, AF_INET6); /* IPv4 loopback always */
		fprintf(stderr, "check_tcp: no IPv6 loopback here\n");
		return;
	}
	for (i = 0; i < 2; i++) {
		char before[16], after[16];
		int bbr = setsockopt(fd[i], IPPROTO_TCP, TCP_CONGESTION, "bbr",
		    3) == 0;

		cc_of(fd[i], before, sizeof before);
		ck_assert_int_eq(tcp_tune(fd[i]), bbr);
		cc_of(fd[i], after, sizeof after);
		ck_assert_int_eq(nodelay_of(fd[i]), 1);
		if (bbr) {
			ck_assert_str_eq(before, "bbr");
			ck_assert_msg(strcmp(after, "cubic") == 0 ||
			    strcmp(after, "reno") == 0,
			    "loopback connection left with %s", after);
		} else {
			/* not paced (or BBR not offered): left as it was */
			fprintf(stderr, "check_tcp: BBR unavailable, "
			    "checking that %s is kept\n", before);
			ck_assert_str_eq(after, before);
		}
		/* once unpaced, nothing more to change */
		ck_assert_int_eq(tcp_tune(fd[i]), 0);
		cc_of(fd[i], before, sizeof before);
		ck_assert_str_eq(before, after);
	}
	/* the pair still carries data */
	ck_assert_int_eq(write(fd[0], "ping", 4), 4);
	{
		char buf[4];

		ck_assert_int_eq(read(fd[1], buf, 4), 4);
		ck_assert_int_eq(memcmp(buf, "ping", 4), 0);
	}
	close(fd[0]);
	close(fd[1]);
}

START_TEST(test_loopback_ipv4)
{
	check_family(AF_INET);
}
END_TEST

START_TEST(test_loopback_ipv6)
{
	check_family(AF_INET6);
}
END_TEST

START_TEST(test_not_tcp_or_not_connected)
{
	int sv[2], fd;
	char cc[16];

	/* a Unix-domain socket: nothing to tune, nothing broken */
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(tcp_tune(sv[0]), 0);
	ck_assert_int_eq(write(sv[0], "x", 1), 1);
	ck_assert_int_eq(read(sv[1], cc, 1), 1);
	close(sv[0]);
	close(sv[1]);
	/* a TCP socket with no peer: no decision, left as it was */
	fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	if (setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, "bbr", 3) == 0) {
		ck_assert_int_eq(tcp_tune(fd), 0);
		cc_of(fd, cc, sizeof cc);
		ck_assert_str_eq(cc, "bbr");
	} else {
		ck_assert_int_eq(tcp_tune(fd), 0);
	}
	close(fd);
	/* not a socket at all */
	ck_assert_int_eq(tcp_tune(-1), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("tcp");
	TCase *tc = tcase_create("tune");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_loopback_ipv4);
	tcase_add_test(tc, test_loopback_ipv6);
	tcase_add_test(tc, test_not_tcp_or_not_connected);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
