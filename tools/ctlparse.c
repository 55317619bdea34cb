/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ctlparse.c - see ctlparse.h.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ctlparse.h"

int
ctl_parse_url(const char *url, struct ctl_url *u)
{
	const char *p, *slash, *colon;
	size_t n;

	memset(u, 0, sizeof *u);
	if (strncmp(url, "http://", 7) != 0)
		return -1;
	p = url + 7;
	slash = strchr(p, '/');
	n = slash ? (size_t)(slash - p) : strlen(p);
	if (p[0] == '[') {
		const char *rb = memchr(p, ']', n);

		if (!rb)
			return -1;
		colon = rb + 1 < p + n && rb[1] == ':' ? rb + 1 : NULL;
		if (rb + 1 < p + n && !colon)
			return -1;
		if ((size_t)(rb - p - 1) >= sizeof u->host)
			return -1;
		memcpy(u->host, p + 1, (size_t)(rb - p - 1));
		u->host[rb - p - 1] = '\0';
	} else {
		colon = memchr(p, ':', n);
		if ((size_t)((colon ? colon : p + n) - p) >= sizeof u->host)
			return -1;
		memcpy(u->host, p, (size_t)((colon ? colon : p + n) - p));
		u->host[(colon ? colon : p + n) - p] = '\0';
	}
	if (!u->host[0])
		return -1;
	if (colon) {
		size_t pl = (size_t)(p + n - colon - 1);

		if (pl == 0 || pl >= sizeof u->port ||
		    strspn(colon + 1, "0123456789") < pl)
			return -1;
		memcpy(u->port, colon + 1, pl);
		u->port[pl] = '\0';
	} else {
		strcpy(u->port, "80");
	}
	if (slash && strlen(slash) >= sizeof u->prefix)
		return -1;
	snprintf(u->prefix, sizeof u->prefix, "%s", slash ? slash : "");
	n = strlen(u->prefix);
	while (n > 0 && u->prefix[n - 1] == '/')
		u->prefix[--n] = '\0';
	return 0;
}

int
ctl_parse_response(const char *buf, size_t n, int *status, size_t *body)
{
	const char *end;
	int st = 0, i;

	if (n < 12 || strncmp(buf, "HTTP/1.", 7) != 0 ||
	    buf[7] < '0' || buf[7] > '9' || buf[8] != ' ')
		return -1;
	for (i = 9; i < 12; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return -1;
		st = st * 10 + (buf[i] - '0');
	}
	if (st < 100 || (n > 12 && buf[12] != ' ' && buf[12] != '\r'))
		return -1;
	if (!(end = strstr(buf, "\r\n\r\n")) || (size_t)(end - buf) + 4 > n)
		return -1;
	*status = st;
	*body = (size_t)(end - buf) + 4;
	return 0;
}

void
ctl_printable(char *out, size_t cap, const char *s, size_t n)
{
	size_t i, o = 0;

	for (i = 0; i < n && o + 1 < cap; i++) {
		unsigned char c = (unsigned char)s[i];

		out[o++] = (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t' ?
		    (char)c : '?';
	}
	out[o] = '\0';
}
