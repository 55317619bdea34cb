/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http.h - rtiexec's read-only HTTP view (rti-http(7)): the page, the JSON
 * API and the Prometheus metrics, served with evhttp from rtiexec's own
 * event loop.  The top layer of rti/: it reads every module below through
 * their headers and changes nothing.
 */
#ifndef RTI_HTTP_H
#define RTI_HTTP_H

#include "server.h"

#define HTTP_DEFAULT_MAX_CLIENTS 32u
#define HTTP_DEFAULT_MAX_OUTPUT (4u * 1024 * 1024)
#define HTTP_DEFAULT_TIMEOUT 10
#define HTTP_MAX_HEADERS 8192
#define HTTP_MAX_BODY 1024
/* input read ahead of one connection */
#define HTTP_MAX_INPUT (4 * (HTTP_MAX_HEADERS + HTTP_MAX_BODY))
#define HTTP_SCHEMA_VERSION 1
/* A request's line, headers and body must have come this many seconds
 * after the connection was accepted or its previous response was
 * written, however slowly they trickle in (rti-http(7) BOUNDS). */
#define HTTP_REQUEST_TIMEOUT 5.0
/* Requests a connection may make: this many a second, bursts of
 * HTTP_CLIENT_BURST; more are answered 429. */
#define HTTP_CLIENT_RATE 5.0
#define HTTP_CLIENT_BURST 10.0
/* A document that took at least HTTP_CACHE_MIN_COST seconds to build (or
 * is HTTP_CACHE_STALE_MIN bytes) is kept, and served again while nothing
 * it shows changed; one of at least HTTP_CACHE_STALE_MIN bytes also for
 * HTTP_CACHE_FACTOR times its build time (at most HTTP_CACHE_MAX_AGE s)
 * whatever changed: building large documents takes at most about
 * 1 / HTTP_CACHE_FACTOR of the loop, whoever asks how often. */
#define HTTP_CACHE_MIN_COST 0.001
#define HTTP_CACHE_STALE_MIN (256u * 1024)
#define HTTP_CACHE_FACTOR 20.0
#define HTTP_CACHE_MAX_AGE 1.0
#define HTTP_CACHE_SLOTS 8

struct http_config {
	const char *addr;         /* numeric address */
	int port;                 /* 0 = ephemeral */
	const char *port_file;    /* write the bound port here, or NULL */
	uint32_t max_clients;     /* connections at once; more are closed */
	size_t max_output;        /* largest response: a larger one is
	                             answered 503 (a connection holds one
	                             response at a time) */
	int timeout;              /* seconds a connection may stay idle,
	                             or not read what it asked for */
};

struct http_srv;

/* "ADDR:PORT", "[ADDR6]:PORT", ":PORT" or "PORT" (loopback): the address
 * into `addr` (`len` bytes) and the port.  0, or -1 when malformed. */
int http_parse_listen(const char *s, char *addr, size_t len, int *port);
/* Serve `cfg` on srv's loop; the key, when server_cfg(srv)->auth_key is
 * set, is required as a bearer token.  NULL with a message logged. */
struct http_srv *http_start(struct rti_server *srv,
    const struct http_config *cfg);
/* Close every HTTP connection and free `h` (NULL: nothing). */
void http_stop(struct http_srv *h);

#endif
