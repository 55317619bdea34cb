/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_route.c - see http_route.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_route.h"

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *
http_pct_decode(const char *s, size_t n, int *oom)
{
	char *out = malloc(n + 1);
	size_t i, o = 0;
	int hi, lo;

	*oom = out == NULL;
	if (!out)
		return NULL;
	for (i = 0; i < n; i++) {
		if (s[i] != '%') {
			out[o++] = s[i];
			continue;
		}
		if (i + 2 >= n)
			goto bad;
		hi = hexval((unsigned char)s[i + 1]);
		lo = hexval((unsigned char)s[i + 2]);
		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0))
			goto bad;
		out[o++] = (char)(hi << 4 | lo);
		i += 2;
	}
	out[o] = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/* 1 when `hdr` is "Bearer KEY", in time that depends on keylen only. */
static int
bearer_ok(const char *hdr, const uint8_t *key, size_t keylen)
{
	size_t i, hl;
	unsigned diff;

	if (!hdr || strncmp(hdr, "Bearer ", 7) != 0)
		return 0;
	hdr += 7;
	hl = strlen(hdr);
	diff = hl != keylen;
	for (i = 0; i < keylen; i++)
		diff |= (unsigned)(key[i] ^ (uint8_t)(i < hl ? hdr[i] : 0));
	return diff == 0;
}

int
http_route(int method, const char *path, const char *authorization,
    const uint8_t *key, size_t keylen, struct http_route *out)
{
	static const char fed[] = "/api/v1/federations/";
	int oom;

	out->name = NULL;
	if (method != HTTP_GET && method != HTTP_HEAD) {
		out->kind = HR_METHOD;
		return 0;
	}
	if (!path || !*path)
		path = "/";
	if (strcmp(path, "/") == 0 || strcmp(path, "/index.html") == 0) {
		/* static and without data: the page's script sends the key */
		out->kind = HR_PAGE;
		return 0;
	}
	if (key && !bearer_ok(authorization, key, keylen)) {
		out->kind = HR_UNAUTHORIZED;
		return 0;
	}
	if (strcmp(path, "/metrics") == 0)
		out->kind = HR_METRICS;
	else if (strcmp(path, "/api/v1/federations") == 0 ||
	    strcmp(path, fed) == 0)
		out->kind = HR_LIST;
	else if (strncmp(path, fed, sizeof fed - 1) == 0) {
		static const char ev[] = "/events";
		const char *nm = path + sizeof fed - 1;
		size_t n = strlen(nm);
		int events = n > sizeof ev - 1 &&
		    strcmp(nm + n - (sizeof ev - 1), ev) == 0;

		if (events)
			n -= sizeof ev - 1;
		out->name = http_pct_decode(nm, n, &oom);
		if (oom)
			return -1;
		out->kind = !out->name ? HR_NOT_FOUND : events ? HR_EVENTS :
		    HR_FEDERATION;
	} else
		out->kind = HR_NOT_FOUND;
	return 0;
}

/* The decimal digits s[0..n) as a number no larger than `max`: 0, or -1
 * (empty, another character, too large). */
static int
dec(const char *s, size_t n, uint64_t max, uint64_t *v)
{
	size_t i;

	*v = 0;
	if (n == 0 || n > 20)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (*v > (max - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return 0;
}

int
http_events_query(const char *query, uint32_t max, uint64_t *after,
    uint32_t *limit, char *err, size_t len)
{
	const char *p = query, *amp, *eq;
	int seen_after = 0, seen_limit = 0;
	uint64_t v;

	*after = 0;
	*limit = max;
	if (!p)
		return 0;
	while (*p) {
		size_t n, k;

		amp = strchr(p, '&');
		n = amp ? (size_t)(amp - p) : strlen(p);
		eq = memchr(p, '=', n);
		k = eq ? (size_t)(eq - p) : n;
		if (k == 5 && memcmp(p, "after", 5) == 0 && eq) {
			if (seen_after++ || dec(eq + 1, n - k - 1, UINT64_MAX,
			    &v) < 0)
				goto bad_after;
			*after = v;
		} else if (k == 5 && memcmp(p, "limit", 5) == 0 && eq) {
			if (seen_limit++ || dec(eq + 1, n - k - 1, max,
			    &v) < 0 || v == 0)
				goto bad_limit;
			*limit = (uint32_t)v;
		} else if (n > 0) {
			snprintf(err, len, "unknown query parameter (the "
			    "events take after=SEQ and limit=N)");
			return -1;
		}
		p += n;
		if (*p == '&')
			p++;
	}
	return 0;
bad_after:
	snprintf(err, len, "after= takes a sequence number (decimal "
	    "digits), once");
	return -1;
bad_limit:
	snprintf(err, len, "limit= takes a number of events from 1 to %u "
	    "(decimal digits), once", (unsigned)max);
	return -1;
}
