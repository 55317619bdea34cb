/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_route.h - what rtiexec itself decides about an HTTP request, once
 * evhttp has parsed its line and headers (rti-http(7)): the method, the
 * bearer key, the path and the federation it names.  Pure: no I/O, no
 * libevent, no server state (test/fuzz/fuzz_http.c).
 */
#ifndef RTI_HTTP_ROUTE_H
#define RTI_HTTP_ROUTE_H

#include <stddef.h>
#include <stdint.h>

enum http_method { HTTP_GET, HTTP_HEAD, HTTP_OTHER };

enum http_route_kind {
	HR_PAGE,          /* / or /index.html: no key needed */
	HR_METRICS,       /* /metrics */
	HR_LIST,          /* /api/v1/federations[/] */
	HR_FEDERATION,    /* /api/v1/federations/NAME: `name` */
	HR_EVENTS,        /* /api/v1/federations/NAME/events: `name` (a
	                     federation whose name ends in "/events" is
	                     reached with the slash encoded, %2F) */
	HR_NOT_FOUND,     /* 404: anything else, or a NAME that does not
	                     decode (a bad %XX, an encoded NUL) */
	HR_METHOD,        /* 405: not GET or HEAD */
	HR_UNAUTHORIZED   /* 401: a key is set and not given */
};

struct http_route {
	int kind;             /* enum http_route_kind */
	char *name;           /* HR_FEDERATION, HR_EVENTS: percent-decoded,
	                         malloc'd */
};

/* Decide request (`method`, `path` as sent without the query, NULL or ""
 * meaning "/", `authorization` the header's value or NULL) against `key`
 * (`keylen` bytes; NULL: none required).  The key is compared in time
 * that depends on its length only.  0 with *out set (free out->name), or
 * -1 (ENOMEM). */
int http_route(int method, const char *path, const char *authorization,
    const uint8_t *key, size_t keylen, struct http_route *out);

/* The query of an events request (`query` as sent, without '?'; NULL
 * or "": none): "after=SEQ" (events after that sequence number; 0 when
 * absent) and "limit=N" (at most N, the newest; 1..max, `max` when
 * absent), '&'-separated, each at most once.  0, or -1 with a message in
 * err[0..len) for anything else (an unknown name, a value that is not
 * decimal digits or out of range, a repeated name). */
int http_events_query(const char *query, uint32_t max, uint64_t *after,
    uint32_t *limit, char *err, size_t len);

/* Percent-decode s[0..n) ('+' stays '+'): a malloc'd NUL-terminated
 * string, or NULL for a bad escape, an encoded NUL or ENOMEM (*oom
 * set). */
char *http_pct_decode(const char *s, size_t n, int *oom);

#endif
