/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ctlparse.h - what rtictl reads that is not JSON: its --url and the head
 * of rtiexec's HTTP response.  Pure: no I/O (test/fuzz/fuzz_rtictl.c).
 */
#ifndef RTI_CTLPARSE_H
#define RTI_CTLPARSE_H

#include <stddef.h>

struct ctl_url {
	char host[256];           /* name, IPv4, or IPv6 without brackets */
	char port[8];             /* digits; "80" when not given */
	char prefix[512];         /* path before /api, no trailing '/' */
};

/* "http://HOST[:PORT][/PATH]" into *u.  0, or -1 when malformed or a part
 * does not fit. */
int ctl_parse_url(const char *url, struct ctl_url *u);

/* The head of an HTTP/1.x response in buf[0..n) (NUL-terminated at n):
 * its status into *status and the offset of its body into *body.  0, or
 * -1 when it is not a whole response head. */
int ctl_parse_response(const char *buf, size_t n, int *status,
    size_t *body);

/* Copy s[0..n) into out[0..cap) (cap >= 1) with every byte that is not
 * printable ASCII, a newline or a tab written '?': what rtictl prints of
 * an error body, so that a response cannot drive the terminal. */
void ctl_printable(char *out, size_t cap, const char *s, size_t n);

#endif
