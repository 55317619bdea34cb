/* SPDX-License-Identifier: Apache-2.0 */
/*
 * failaccept.c - an LD_PRELOAD shim for check_hostile: while the file
 * named by RTI_TEST_ACCEPT_FAIL exists, accept() and accept4() fail with
 * ENOBUFS and leave the connection waiting, as they do when the kernel
 * is short of memory, so that rtiexec's accept back-off can be tested.
 * With RTI_TEST_ACCEPT_COUNT, every call appends a byte to that file
 * (opened once, at load: out of descriptors it must still count), so
 * that the test counts the calls: a spinning accept makes thousands.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

int accept(int fd, struct sockaddr *sa, socklen_t *len);
int accept4(int fd, struct sockaddr *sa, socklen_t *len, int flags);

static int count_fd = -1;

__attribute__((constructor)) static void
count_open(void)
{
	const char *path = getenv("RTI_TEST_ACCEPT_COUNT");

	if (path)
		count_fd = open(path, O_WRONLY | O_APPEND | O_CREAT |
		    O_CLOEXEC, 0600);
}

static void
count_call(void)
{
	int e = errno;

	if (count_fd >= 0 && write(count_fd, "a", 1) != 1)
		count_fd = -1;
	errno = e;
}

static int
failing(void)
{
	const char *flag = getenv("RTI_TEST_ACCEPT_FAIL");

	if (flag && access(flag, F_OK) == 0) {
		errno = ENOBUFS;
		return 1;
	}
	return 0;
}

int
accept4(int fd, struct sockaddr *sa, socklen_t *len, int flags)
{
	int (*real)(int, struct sockaddr *, socklen_t *, int);

	count_call();
	if (failing())
		return -1;
	*(void **)&real = dlsym(RTLD_NEXT, "accept4");
	return real(fd, sa, len, flags);
}

int
accept(int fd, struct sockaddr *sa, socklen_t *len)
{
	int (*real)(int, struct sockaddr *, socklen_t *);

	count_call();
	if (failing())
		return -1;
	*(void **)&real = dlsym(RTLD_NEXT, "accept");
	return real(fd, sa, len);
}
