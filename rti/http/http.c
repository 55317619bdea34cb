/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http.c - the HTTP server of rtiexec's view (rti-http(7)): evhttp on
 * rtiexec's loop, GET and HEAD of four kinds of path, the bearer key, and
 * the bounds.
 *
 * Bounds.  evhttp 2.1 limits a request's headers and body and times out
 * idle connections, and answers one request of a connection at a time
 * (it parses the next only when the response has been written), so a
 * connection holds at most one response.  The rest is rtiexec's own:
 * evhttp creates each connection's bufferevent through our bev_cb, which
 * keeps a reference to it and counts it until evhttp frees it
 * (bufferevent_free clears the callbacks, whose argument was the
 * evhttp_connection: a sweep sees that).
 *  - Each connection must send a whole request within
 *    HTTP_REQUEST_TIMEOUT of its accept or of the end of its previous
 *    response, however slowly it trickles (evhttp's own timer restarts at
 *    every byte): the sweep, four times a second, closes it.
 *  - Past --http-max-clients, a new connection takes the place of the
 *    oldest one that is waiting for its request (as rtiexec's startups
 *    do, rtiexec(1) CONNECTION BOUNDS); only when every one is being
 *    answered is the new one answered 503 and closed.  Closes happen in
 *    the sweep, on a loop turn of their own, not inside evhttp.
 *  - A read watermark (HTTP_MAX_INPUT) stops evhttp reading ahead; a
 *    response larger than --http-max-output is answered 503.
 *  - A connection may make HTTP_CLIENT_RATE requests a second (bursts of
 *    HTTP_CLIENT_BURST); a request past it is answered when the rate
 *    allows (evhttp reads nothing more of the connection meanwhile): with
 *    the cache, what the clients cost the loop is bounded by their
 *    number.
 *  - A document that took long to build is kept: served again while
 *    nothing it shows can have changed (no frame, connection or HTTP
 *    event since), and, when it is large (a federation of hundreds of
 *    federates), for HTTP_CACHE_FACTOR times its build time (at most
 *    HTTP_CACHE_MAX_AGE) whatever changed: however many clients ask,
 *    building large documents takes a bounded share of the loop, and
 *    every document is one consistent snapshot.
 * So a connection holds at most HTTP_MAX_INPUT bytes of input and one
 * response, whatever its client does, and nothing here waits for a
 * client: responses are built whole from the current state (or the
 * cache), queued, and written by the loop as the client reads; one that
 * does not read for --http-timeout seconds is closed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <time.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "events.h"
#include "fedm.h"
#include "http_int.h"
#include "http_route.h"

struct http_client {
	struct bufferevent *bev;  /* our reference */
	int refused;              /* over --http-max-clients, none could
	                             make room: answered 503 */
	int evict;                /* closed to make room for a newer one */
	int answering;            /* its request is being answered */
	double since;             /* waiting for a request since */
	double tokens, tok_at;    /* its request rate bucket */
	struct event *wait_ev;    /* a request held back by the rate */
	struct evhttp_request *held;
	struct http_srv *h;
	struct http_client *next;
};

/* A document kept for the cache, shared by the responses that send it
 * (evbuffer_add_reference). */
struct http_blob {
	unsigned refs;
	size_t len;
	char data[];
};

struct http_cached {
	char *key;                /* "m", "l" or "f" + federation name */
	struct http_blob *blob;
	double built, cost;       /* when, and how long it took */
	uint64_t gen;             /* doc_gen when it was built */
};

struct http_srv {
	struct rti_server *srv;
	struct http_config cfg;
	struct evhttp *http;
	struct evhttp_bound_socket *sock;
	struct event *sweep_ev;   /* four times a second, and when activated */
	struct event *sample_ev;  /* the rates' samples (events.h) */
	struct http_client *clients;
	uint32_t n_live;          /* not refused or evicted, not freed */
	struct http_cached cache[HTTP_CACHE_SLOTS];
	struct http_stats st;
};

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct evhttp_connection *
client_evcon(const struct http_client *cl)
{
	void *arg = NULL;

	bufferevent_getcb(cl->bev, NULL, NULL, NULL, &arg);
	return arg;
}

/* 1 when bytes of `cl` wait unread in the socket: the loop was busy, the
 * client was not late (evhttp reads them on its next turn). */
static int
input_waiting(const struct http_client *cl)
{
	evutil_socket_t fd = bufferevent_getfd(cl->bev);
	char b;

	return fd >= 0 && recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

/* Forget the clients evhttp has freed; with `act`, also close those
 * refused, evicted, or late with their request (not from inside evhttp's
 * callbacks). */
static void
sweep(struct http_srv *h, int act)
{
	struct http_client **pp = &h->clients, *cl;
	double now = now_s();
	size_t out = 0;

	h->n_live = 0;
	h->st.clients = 0;
	while ((cl = *pp)) {
		struct evhttp_connection *evcon = client_evcon(cl);
		int late = !cl->answering &&
		    now - cl->since > HTTP_REQUEST_TIMEOUT &&
		    !input_waiting(cl);

		if (evcon && act && (cl->refused || cl->evict || late)) {
			if (late && !cl->refused && !cl->evict)
				h->st.timeouts++;
			evhttp_connection_free(evcon);
			evcon = NULL;
		}
		if (!evcon) {
			*pp = cl->next;
			if (cl->wait_ev)
				event_free(cl->wait_ev);
			bufferevent_decref(cl->bev);
			free(cl);
			continue;
		}
		out += evbuffer_get_length(bufferevent_get_output(cl->bev));
		h->st.clients++;
		if (!cl->refused && !cl->evict)
			h->n_live++;
		pp = &cl->next;
	}
	h->st.output_bytes = out;
}

static void
sweep_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	sweep(arg, 1);
}

/* Once per EVENTS_SAMPLE_PERIOD: every federation's rate sample. */
static void
sample_cb(evutil_socket_t fd, short what, void *arg)
{
	struct http_srv *h = arg;
	struct federation *fx;
	double now = now_s();

	(void)fd;
	(void)what;
	for (fx = server_federations(h->srv); fx; fx = fx->next)
		http_events_sample(fx, now);
}

static struct bufferevent *
bev_cb(struct event_base *base, void *arg)
{
	struct http_srv *h = arg;
	struct http_client *cl;
	struct bufferevent *bev;

	/* out of memory here, evhttp makes its own bufferevent or fails:
	 * that connection goes uncounted */
	if (!(cl = calloc(1, sizeof *cl)))
		return NULL;
	if (!(bev = bufferevent_socket_new(base, -1, BEV_OPT_CLOSE_ON_FREE))) {
		free(cl);
		return NULL;
	}
	/* evhttp reads pipelined requests as they come: stop reading
	 * while this much waits (a request's headers and body fit) */
	bufferevent_setwatermark(bev, EV_READ, 0, HTTP_MAX_INPUT);
	sweep(h, 0);
	bufferevent_incref(bev);
	cl->bev = bev;
	cl->h = h;
	cl->since = cl->tok_at = now_s();
	cl->tokens = HTTP_CLIENT_BURST;
	if (h->n_live >= h->cfg.max_clients) {
		struct http_client *o, *old = NULL;

		/* the oldest waiting for its request makes room */
		for (o = h->clients; o; o = o->next)
			if (!o->refused && !o->evict && !o->answering &&
			    client_evcon(o) && (!old || o->since < old->since))
				old = o;
		if (old) {
			old->evict = 1;
			h->st.evicted++;
		} else {
			cl->refused = 1;
			h->st.refused++;
		}
		event_active(h->sweep_ev, EV_TIMEOUT, 0);
	}
	if (!cl->refused)
		h->n_live++;
	h->st.clients++;
	cl->next = h->clients;
	h->clients = cl;
	return bev;
}

static struct http_client *
client_of(struct http_srv *h, struct evhttp_request *req)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(req);
	struct bufferevent *bev;
	struct http_client *cl;

	if (!evcon)
		return NULL;
	bev = evhttp_connection_get_bufferevent(evcon);
	for (cl = h->clients; cl; cl = cl->next)
		if (cl->bev == bev)
			return cl;
	return NULL;
}

static void
reply_text(struct http_srv *h, struct evhttp_request *req, int code,
    const char *reason, const char *msg)
{
	struct evbuffer *out = evhttp_request_get_output_buffer(req);

	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "text/plain; charset=utf-8");
	evbuffer_add_printf(out, "%s\n", msg);
	evhttp_send_reply(req, code, reason, out);
}

/* The request of `cl` is answered: it waits for the next from now. */
static void
request_done_cb(struct evhttp_request *req, void *arg)
{
	struct http_client *cl = arg;

	(void)req;
	cl->answering = 0;
	cl->since = now_s();
}

/* 0 when `cl` may make a request now (its bucket has a token, taken),
 * else the seconds until it may. */
static double
rate_wait(struct http_client *cl, double now)
{
	cl->tokens += (now - cl->tok_at) * HTTP_CLIENT_RATE;
	cl->tok_at = now;
	if (cl->tokens > HTTP_CLIENT_BURST)
		cl->tokens = HTTP_CLIENT_BURST;
	if (cl->tokens < 1)
		return (1 - cl->tokens) / HTTP_CLIENT_RATE;
	cl->tokens -= 1;
	return 0;
}

static void request_cb(struct evhttp_request *req, void *arg);

/* The request held back by the rate may go now.  Its connection is
 * there (when evhttp frees it, the sweep frees this event first). */
static void
rate_wait_cb(evutil_socket_t fd, short what, void *arg)
{
	struct http_client *cl = arg;
	struct evhttp_request *req = cl->held;

	(void)fd;
	(void)what;
	cl->held = NULL;
	if (req && client_evcon(cl))
		request_cb(req, cl->h);
}

static void
blob_unref(const void *data, size_t len, void *arg)
{
	struct http_blob *b = arg;

	(void)data;
	(void)len;
	if (--b->refs == 0)
		free(b);
}

/* What changes when anything a document shows may have changed: every
 * frame in and out, every connection, every datagram; for /metrics and
 * the list (`http` 1), every HTTP event too. */
static uint64_t
doc_gen(const struct http_srv *h, int http)
{
	const struct rti_stats *s = server_stats(h->srv);
	uint64_t g = s->frames_in + s->frames_out + s->conns_total +
	    server_n_conns(h->srv) + s->udp.dg_in;

	/* what counts seconds (silent for, resigned in, rates, "now")
	 * changes with the clock alone */
	g += (uint64_t)now_s() << 40;

	if (http)
		g += h->st.requests + h->st.refused + h->st.evicted +
		    h->st.timeouts + h->st.unauthorized + h->st.too_large +
		    h->st.rate_limited + h->st.clients;
	return g;
}

/* The cache slot of `key`, or NULL. */
static struct http_cached *
cache_find(struct http_srv *h, const char *key)
{
	size_t i;

	for (i = 0; i < HTTP_CACHE_SLOTS; i++)
		if (h->cache[i].key && strcmp(h->cache[i].key, key) == 0)
			return &h->cache[i];
	return NULL;
}

/* Keep `body` (built in `cost` seconds at `now`) as `key`'s document;
 * nothing when it cannot be kept. */
static void
cache_put(struct http_srv *h, const char *key, struct evbuffer *body,
    double now, double cost, uint64_t gen)
{
	struct http_cached *c = cache_find(h, key);
	size_t len = evbuffer_get_length(body), i;
	struct http_blob *b;

	if (!c) {
		for (i = 0; i < HTTP_CACHE_SLOTS; i++)
			if (!c || !h->cache[i].key ||
			    (c->key && h->cache[i].built < c->built))
				c = &h->cache[i];
		if (c->key) {
			free(c->key);
			c->key = NULL;
		}
		if (!(c->key = strdup(key)))
			return;
	}
	if (!(b = malloc(sizeof *b + len)))
		return;
	b->refs = 1;
	b->len = len;
	evbuffer_copyout(body, b->data, len);
	if (c->blob)
		blob_unref(NULL, 0, c->blob);
	c->blob = b;
	c->built = now;
	c->cost = cost;
	c->gen = gen;
}

static void
cache_free(struct http_srv *h)
{
	size_t i;

	for (i = 0; i < HTTP_CACHE_SLOTS; i++) {
		free(h->cache[i].key);
		if (h->cache[i].blob)
			blob_unref(NULL, 0, h->cache[i].blob);
		h->cache[i].key = NULL;
		h->cache[i].blob = NULL;
	}
}

/* The document of route `r` (fx for HR_FEDERATION) into `body`: from the
 * cache while it is fresh enough, else built (and kept when it was slow
 * to build).  0, or -1 on ENOMEM. */
static int
document(struct http_srv *h, const struct http_route *r,
    struct federation *fx, struct evbuffer *body)
{
	struct rti_server *srv = h->srv;
	char small[2], *key = small;
	struct http_cached *c;
	double t0 = now_s(), cost, age;
	uint64_t gen = doc_gen(h, r->kind != HR_FEDERATION);
	int rc;

	small[0] = r->kind == HR_METRICS ? 'm' : 'l';
	small[1] = '\0';
	if (r->kind == HR_FEDERATION) {
		if (!(key = malloc(strlen(r->name) + 2)))
			return -1;
		key[0] = 'f';
		strcpy(key + 1, r->name);
	}
	c = cache_find(h, key);
	age = c && c->blob ? c->cost * HTTP_CACHE_FACTOR : 0;
	if (age > HTTP_CACHE_MAX_AGE)
		age = HTTP_CACHE_MAX_AGE;
	/* the same state: the same document; a large one may be older,
	 * for a while */
	if (c && c->blob && (c->gen == gen ||
	    (c->blob->len >= HTTP_CACHE_STALE_MIN && t0 - c->built < age))) {
		c->blob->refs++;
		rc = evbuffer_add_reference(body, c->blob->data, c->blob->len,
		    blob_unref, c->blob);
		if (rc < 0)
			c->blob->refs--;
		else
			h->st.cached++;
		goto out;
	}
	if (r->kind == HR_METRICS)
		rc = http_metrics(srv, &h->st, body);
	else if (r->kind == HR_LIST)
		rc = http_json_list(srv, &h->st, body);
	else
		rc = http_json_federation(srv, fx, body);
	h->st.built++;
	cost = now_s() - t0;
	if (rc == 0 && (cost >= HTTP_CACHE_MIN_COST ||
	    evbuffer_get_length(body) >= HTTP_CACHE_STALE_MIN) &&
	    evbuffer_get_length(body) <= h->cfg.max_output)
		cache_put(h, key, body, t0, cost, gen);
out:
	if (key != small)
		free(key);
	return rc;
}

static void
request_cb(struct evhttp_request *req, void *arg)
{
	struct http_srv *h = arg;
	struct rti_server *srv = h->srv;
	struct evkeyvalq *oh = evhttp_request_get_output_headers(req);
	struct http_client *cl = client_of(h, req);
	enum evhttp_cmd_type cmd = evhttp_request_get_command(req);
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *path = uri ? evhttp_uri_get_path(uri) : NULL;
	const char *ctype = NULL;
	struct http_route r;
	struct evbuffer *body;
	struct federation *fx = NULL;
	double wait;
	size_t len;
	int rc = -1;
	uint64_t after = 0;
	uint32_t limit = 0;
	char qerr[128];

	if (cl) {
		cl->answering = 1;
		evhttp_request_set_on_complete_cb(req, request_done_cb, cl);
	}
	if (cl && cl->refused) {
		h->st.requests++;
		evhttp_add_header(oh, "Connection", "close");
		reply_text(h, req, 503, "Service Unavailable",
		    "too many HTTP clients (--http-max-clients)");
		return;
	}
	if (cl && (wait = rate_wait(cl, now_s())) > 0) {
		struct timeval tv;

		/* answered later: evhttp reads nothing more of the
		 * connection meanwhile, so its pipeline waits in its socket */
		h->st.rate_limited++;
		if (!cl->wait_ev && !(cl->wait_ev = evtimer_new(
		    server_base(h->srv), rate_wait_cb, cl))) {
			reply_text(h, req, 503, "Service Unavailable",
			    "out of memory");
			return;
		}
		cl->held = req;
		tv.tv_sec = (time_t)wait;
		tv.tv_usec = (suseconds_t)((wait - (double)tv.tv_sec) * 1e6) +
		    1000;
		evtimer_add(cl->wait_ev, &tv);
		return;
	}
	/* counted before it is answered: a document counts itself */
	h->st.requests++;
	if (http_route(cmd == EVHTTP_REQ_GET ? HTTP_GET :
	    cmd == EVHTTP_REQ_HEAD ? HTTP_HEAD : HTTP_OTHER, path,
	    evhttp_find_header(evhttp_request_get_input_headers(req),
	    "Authorization"), server_cfg(srv)->auth_key,
	    server_cfg(srv)->auth_key_len,
	    &r) < 0) {
		reply_text(h, req, 500, "Internal Server Error",
		    "out of memory");
		return;
	}
	switch (r.kind) {
	case HR_METHOD:
		evhttp_add_header(oh, "Allow", "GET, HEAD");
		reply_text(h, req, 405, "Method Not Allowed",
		    "read-only: GET or HEAD");
		return;
	case HR_UNAUTHORIZED:
		h->st.unauthorized++;
		evhttp_add_header(oh, "WWW-Authenticate",
		    "Bearer realm=\"rtiexec\"");
		reply_text(h, req, 401, "Unauthorized",
		    "a bearer token is required (the --auth-key-file key)");
		return;
	case HR_NOT_FOUND:
		reply_text(h, req, 404, "Not Found", "not found (see "
		    "rti-http(7): /, /api/v1/federations, /metrics)");
		return;
	case HR_EVENTS:
		if (http_events_query(uri ? evhttp_uri_get_query(uri) : NULL,
		    EVENTS_MAX, &after, &limit, qerr, sizeof qerr) < 0) {
			free(r.name);
			reply_text(h, req, 400, "Bad Request", qerr);
			return;
		}
		/* fall through */
	case HR_FEDERATION:
		if (!(fx = fedm_find(srv, r.name))) {
			free(r.name);
			reply_text(h, req, 404, "Not Found",
			    "no such federation");
			return;
		}
		break;
	default:
		break;
	}
	if (!(body = evbuffer_new())) {
		free(r.name);
		reply_text(h, req, 500, "Internal Server Error",
		    "out of memory");
		return;
	}
	sweep(h, 0);
	if (r.kind == HR_PAGE) {
		ctype = "text/html; charset=utf-8";
		rc = evbuffer_add(body, http_page_html, http_page_html_len);
	} else if (r.kind == HR_EVENTS) {
		/* small and cheap: never cached */
		ctype = "application/json";
		rc = http_json_events(srv, fx, after, limit, body);
	} else {
		ctype = r.kind == HR_METRICS ?
		    "text/plain; version=0.0.4; charset=utf-8" :
		    "application/json";
		rc = document(h, &r, fx, body);
	}
	free(r.name);
	if (rc < 0) {
		evbuffer_free(body);
		reply_text(h, req, 500, "Internal Server Error",
		    "out of memory");
		return;
	}
	len = evbuffer_get_length(body);
	if (len > h->cfg.max_output) {
		evbuffer_free(body);
		h->st.too_large++;
		reply_text(h, req, 503, "Service Unavailable",
		    "response larger than --http-max-output");
		return;
	}
	evhttp_add_header(oh, "Content-Type", ctype);
	evhttp_add_header(oh, "Cache-Control", "no-store");
	evhttp_add_header(oh, "X-Content-Type-Options", "nosniff");
	if (ctype[0] == 't' && ctype[5] == 'h')
		evhttp_add_header(oh, "Content-Security-Policy",
		    "default-src 'self'; script-src 'unsafe-inline'; "
		    "style-src 'unsafe-inline'; img-src 'self' data:");
	if (cmd == EVHTTP_REQ_HEAD) {
		/* evhttp 2.1 would send the body of a HEAD too */
		char n[24];

		snprintf(n, sizeof n, "%zu", len);
		evhttp_add_header(oh, "Content-Length", n);
		evbuffer_drain(body, len);
	}
	evhttp_send_reply(req, 200, "OK", body);
	evbuffer_free(body);
}

int
http_parse_listen(const char *s, char *addr, size_t len, int *port)
{
	const char *colon, *p;
	char *end;
	unsigned long v;
	size_t n;

	if (s[0] == '[') {
		if (!(colon = strstr(s, "]:")))
			return -1;
		n = (size_t)(colon - s - 1);
		p = colon + 2;
		s++;
	} else if ((colon = strrchr(s, ':'))) {
		if (strchr(s, ':') != colon)
			return -1;     /* IPv6 needs brackets */
		n = (size_t)(colon - s);
		p = colon + 1;
	} else {
		n = 0;
		p = s;
	}
	if (n == 0) {
		s = "127.0.0.1";
		n = strlen(s);
	}
	if (n >= len || !*p || *p == '-' || *p == '+')
		return -1;
	errno = 0;
	v = strtoul(p, &end, 10);
	if (errno || *end || v > 65535)
		return -1;
	memcpy(addr, s, n);
	addr[n] = '\0';
	{
		struct in6_addr a6;
		struct in_addr a4;

		if (inet_pton(AF_INET, addr, &a4) != 1 &&
		    inet_pton(AF_INET6, addr, &a6) != 1)
			return -1;
	}
	*port = (int)v;
	return 0;
}

static int
bound_port(evutil_socket_t fd)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;

	if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0)
		return -1;
	if (ss.ss_family == AF_INET)
		return ntohs(((struct sockaddr_in *)&ss)->sin_port);
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	return -1;
}

struct http_srv *
http_start(struct rti_server *srv, const struct http_config *cfg)
{
	struct http_srv *h = calloc(1, sizeof *h);
	struct timeval quarter = { 0, 250000 };
	int port;

	if (!h) {
		rti_log(srv, LOG_ERROR, "HTTP: out of memory");
		return NULL;
	}
	h->srv = srv;
	h->cfg = *cfg;
	if (!h->cfg.max_clients)
		h->cfg.max_clients = HTTP_DEFAULT_MAX_CLIENTS;
	if (!h->cfg.max_output)
		h->cfg.max_output = HTTP_DEFAULT_MAX_OUTPUT;
	if (!h->cfg.timeout)
		h->cfg.timeout = HTTP_DEFAULT_TIMEOUT;
	if (!(h->http = evhttp_new(server_base(srv))) ||
	    !(h->sweep_ev = event_new(server_base(srv), -1, EV_PERSIST,
	    sweep_cb,
	    h)) || !(h->sample_ev = event_new(server_base(srv), -1, EV_PERSIST,
	    sample_cb, h))) {
		rti_log(srv, LOG_ERROR, "HTTP: out of memory");
		http_stop(h);
		return NULL;
	}
	evhttp_set_max_headers_size(h->http, HTTP_MAX_HEADERS);
	evhttp_set_max_body_size(h->http, HTTP_MAX_BODY);
	evhttp_set_timeout(h->http, h->cfg.timeout);
	evhttp_set_allowed_methods(h->http, EVHTTP_REQ_GET | EVHTTP_REQ_HEAD |
	    EVHTTP_REQ_POST | EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
	    EVHTTP_REQ_OPTIONS | EVHTTP_REQ_PATCH);
	evhttp_set_bevcb(h->http, bev_cb, h);
	evhttp_set_gencb(h->http, request_cb, h);
	h->sock = evhttp_bind_socket_with_handle(h->http, cfg->addr,
	    (ev_uint16_t)cfg->port);
	if (!h->sock) {
		rti_log(srv, LOG_ERROR, "HTTP: cannot listen on %s port %d: "
		    "%s", cfg->addr, cfg->port, strerror(errno));
		http_stop(h);
		return NULL;
	}
	port = bound_port(evhttp_bound_socket_get_fd(h->sock));
	event_add(h->sweep_ev, &quarter);
	{
		struct timeval sp = { (time_t)EVENTS_SAMPLE_PERIOD,
		    (suseconds_t)((EVENTS_SAMPLE_PERIOD -
		    (double)(time_t)EVENTS_SAMPLE_PERIOD) * 1e6) };

		event_add(h->sample_ev, &sp);
	}
	rti_log(srv, LOG_INFO, "HTTP listening on %s port %d", cfg->addr,
	    port);
	if (cfg->port_file) {
		char tmp[4096];
		FILE *fp;

		snprintf(tmp, sizeof tmp, "%s.tmp", cfg->port_file);
		fp = fopen(tmp, "w");
		if (fp && fprintf(fp, "%d\n", port) < 0) {
			fclose(fp);
			fp = NULL;
		}
		if (!fp || fclose(fp) != 0 ||
		    rename(tmp, cfg->port_file) < 0) {
			rti_log(srv, LOG_ERROR, "cannot write %s: %s",
			    cfg->port_file, strerror(errno));
			http_stop(h);
			return NULL;
		}
	}
	return h;
}

void
http_stop(struct http_srv *h)
{
	struct http_client *cl;

	if (!h)
		return;
	if (h->http)
		evhttp_free(h->http);   /* frees every connection */
	while ((cl = h->clients)) {
		h->clients = cl->next;
		if (cl->wait_ev)
			event_free(cl->wait_ev);
		bufferevent_decref(cl->bev);
		free(cl);
	}
	if (h->sweep_ev)
		event_free(h->sweep_ev);
	if (h->sample_ev)
		event_free(h->sample_ev);
	cache_free(h);
	free(h);
}
