/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http.c - the HTTP server of rtiexec's view (rti-http(7)): evhttp on
 * rtiexec's loop, GET and HEAD of four kinds of path, the bearer key, and
 * the bounds.
 *
 * Bounds.  evhttp 2.1 limits a request's headers and body and times out
 * idle connections, and answers one request of a connection at a time
 * (it parses the next only when the response has been written), so a
 * connection holds at most one response.  It has no limit for the
 * number of connections: evhttp creates each connection's
 * bufferevent through our bevcb, which keeps a reference to it and
 * counts it until evhttp frees it (bufferevent_free clears the callbacks,
 * whose argument was the evhttp_connection: a sweep sees that).  A
 * connection past --http-max-clients is closed on the next loop turn,
 * unanswered or with a 503 if its request came first.  evhttp reads
 * ahead of the request it answers without bound; a read watermark on the
 * bufferevent (HTTP_MAX_INPUT) stops it.  A response larger than
 * --http-max-output is answered 503 instead.  So a connection holds at
 * most HTTP_MAX_INPUT bytes of input and one response, whatever its
 * client does.  Nothing here waits for a client: responses are built
 * whole from the current state, queued, and written by the loop as the
 * client reads; one that does not read for HTTP_DEFAULT_TIMEOUT seconds
 * is closed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "fedm.h"
#include "http_int.h"

struct http_client {
	struct bufferevent *bev;  /* our reference */
	int refused;              /* over --http-max-clients */
	struct http_client *next;
};

struct http_srv {
	struct rti_server *srv;
	struct http_config cfg;
	struct evhttp *http;
	struct evhttp_bound_socket *sock;
	struct event *sweep_ev;   /* once a second, and when activated */
	struct http_client *clients;
	uint32_t n_live;          /* not refused, not freed by evhttp */
	struct http_stats st;
};

static struct evhttp_connection *
client_evcon(const struct http_client *cl)
{
	void *arg = NULL;

	bufferevent_getcb(cl->bev, NULL, NULL, NULL, &arg);
	return arg;
}

/* Forget the clients evhttp has freed; with `act`, also close those
 * refused (not from inside evhttp's callbacks). */
static void
sweep(struct http_srv *h, int act)
{
	struct http_client **pp = &h->clients, *cl;
	size_t out = 0;

	h->n_live = 0;
	h->st.clients = 0;
	while ((cl = *pp)) {
		struct evhttp_connection *evcon = client_evcon(cl);

		if (evcon && act && cl->refused) {
			evhttp_connection_free(evcon);
			evcon = NULL;
		}
		if (!evcon) {
			*pp = cl->next;
			bufferevent_decref(cl->bev);
			free(cl);
			continue;
		}
		out += evbuffer_get_length(bufferevent_get_output(cl->bev));
		h->st.clients++;
		if (!cl->refused)
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
	if (h->n_live >= h->cfg.max_clients) {
		cl->refused = 1;
		h->st.refused++;
		event_active(h->sweep_ev, EV_TIMEOUT, 0);
	} else {
		h->n_live++;
	}
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

/* Constant time in the key's length: 1 when `hdr` is "Bearer KEY". */
static int
auth_ok(const struct rti_server *srv, const char *hdr)
{
	const uint8_t *key = srv->cfg.auth_key;
	size_t n = srv->cfg.auth_key_len, i, hl;
	unsigned diff = 0;

	if (!hdr || strncmp(hdr, "Bearer ", 7) != 0)
		return 0;
	hdr += 7;
	hl = strlen(hdr);
	diff = hl != n;
	for (i = 0; i < n; i++)
		diff |= (unsigned)(key[i] ^ (uint8_t)(i < hl ? hdr[i] : 0));
	return diff == 0;
}

static void
reply_text(struct http_srv *h, struct evhttp_request *req, int code,
    const char *reason, const char *msg)
{
	struct evbuffer *out = evhttp_request_get_output_buffer(req);

	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "text/plain; charset=utf-8");
	evbuffer_add_printf(out, "%s\n", msg);
	h->st.requests++;
	evhttp_send_reply(req, code, reason, out);
}

static int
is_page(const char *path)
{
	return strcmp(path, "/") == 0 || strcmp(path, "/index.html") == 0;
}

/* The federation named by the rest of a path, percent-decoded; NULL. */
static struct federation *
find_fx(struct rti_server *srv, const char *enc)
{
	struct federation *fx = NULL;
	size_t n;
	char *name = evhttp_uridecode(enc, 0, &n);

	if (name && strlen(name) == n)
		fx = fedm_find(srv, name);
	free(name);
	return fx;
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
	struct evbuffer *body;
	struct federation *fx;
	size_t len;
	int rc = -1;

	if (cl && cl->refused) {
		evhttp_add_header(oh, "Connection", "close");
		reply_text(h, req, 503, "Service Unavailable",
		    "too many HTTP clients (--http-max-clients)");
		return;
	}
	if (cmd != EVHTTP_REQ_GET && cmd != EVHTTP_REQ_HEAD) {
		evhttp_add_header(oh, "Allow", "GET, HEAD");
		reply_text(h, req, 405, "Method Not Allowed",
		    "read-only: GET or HEAD");
		return;
	}
	if (!path || !*path)
		path = "/";
	/* the page is static and holds no data: a browser loads it without
	 * the key, which its script then sends (rti-http(7)) */
	if (srv->cfg.auth_key && !is_page(path) && !auth_ok(srv,
	    evhttp_find_header(evhttp_request_get_input_headers(req),
	    "Authorization"))) {
		h->st.unauthorized++;
		evhttp_add_header(oh, "WWW-Authenticate",
		    "Bearer realm=\"rtiexec\"");
		reply_text(h, req, 401, "Unauthorized",
		    "a bearer token is required (the --auth-key-file key)");
		return;
	}
	if (!(body = evbuffer_new())) {
		reply_text(h, req, 500, "Internal Server Error",
		    "out of memory");
		return;
	}
	sweep(h, 0);
	if (is_page(path)) {
		ctype = "text/html; charset=utf-8";
		rc = evbuffer_add(body, http_page_html, http_page_html_len);
	} else if (strcmp(path, "/metrics") == 0) {
		ctype = "text/plain; version=0.0.4; charset=utf-8";
		rc = http_metrics(srv, &h->st, body);
	} else if (strcmp(path, "/api/v1/federations") == 0 ||
	    strcmp(path, "/api/v1/federations/") == 0) {
		ctype = "application/json";
		rc = http_json_list(srv, &h->st, body);
	} else if (strncmp(path, "/api/v1/federations/", 20) == 0) {
		if (!(fx = find_fx(srv, path + 20))) {
			evbuffer_free(body);
			reply_text(h, req, 404, "Not Found",
			    "no such federation");
			return;
		}
		ctype = "application/json";
		rc = http_json_federation(srv, fx, body);
	} else {
		evbuffer_free(body);
		reply_text(h, req, 404, "Not Found", "not found (see "
		    "rti-http(7): /, /api/v1/federations, /metrics)");
		return;
	}
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
	h->st.requests++;
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
	struct timeval sec = { 1, 0 };
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
	if (!(h->http = evhttp_new(srv->base)) ||
	    !(h->sweep_ev = event_new(srv->base, -1, EV_PERSIST, sweep_cb,
	    h))) {
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
	event_add(h->sweep_ev, &sec);
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
		bufferevent_decref(cl->bev);
		free(cl);
	}
	if (h->sweep_ev)
		event_free(h->sweep_ev);
	free(h);
}
