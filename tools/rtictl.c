/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rtictl.c - the command line of rtiexec's HTTP view (rtictl(1)): status,
 * time, top, events and metrics, read from the JSON API and /metrics over a plain
 * blocking HTTP/1.0 connection.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <sys/socket.h>
#include <sys/time.h>

#include "ctlparse.h"
#include "json.h"

#define DEFAULT_URL "http://127.0.0.1:14322"
#define MAX_RESPONSE (64u * 1024 * 1024)
#define MAX_KEY 256
#define EXIT_USAGE 2

struct ctl {
	char host[256];
	char port[8];
	char prefix[512];         /* path before /api, no trailing '/' */
	char auth[MAX_KEY + 32];  /* "Authorization: Bearer KEY\r\n" or "" */
	int json;
	const char *federation;   /* only this one, or NULL */
};

static int
parse_url(struct ctl *c, const char *url)
{
	struct ctl_url u;

	if (strncmp(url, "http://", 7) != 0) {
		fprintf(stderr, "rtictl: --url wants http://HOST[:PORT][/PATH], "
		    "not '%s'\n", url);
		return -1;
	}
	if (ctl_parse_url(url, &u) < 0) {
		fprintf(stderr, "rtictl: bad --url '%s'\n", url);
		return -1;
	}
	memcpy(c->host, u.host, sizeof c->host);
	memcpy(c->port, u.port, sizeof c->port);
	memcpy(c->prefix, u.prefix, sizeof c->prefix);
	return 0;
}

static int
read_key(struct ctl *c, const char *path)
{
	char buf[MAX_KEY + 2];
	size_t n, i;
	FILE *fp = fopen(path, "rb");

	if (!fp) {
		fprintf(stderr, "rtictl: cannot read key file '%s': %s\n", path,
		    strerror(errno));
		return -1;
	}
	n = fread(buf, 1, sizeof buf, fp);
	fclose(fp);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		n--;
	for (i = 0; i < n; i++)
		if ((unsigned char)buf[i] < 0x21 || buf[i] == 0x7f)
			break;
	if (n == 0 || n > MAX_KEY || i < n) {
		fprintf(stderr, "rtictl: key file '%s': want 1..%d printable "
		    "bytes\n", path, MAX_KEY);
		return -1;
	}
	snprintf(c->auth, sizeof c->auth, "Authorization: Bearer %.*s\r\n",
	    (int)n, buf);
	return 0;
}

/* GET `path`: the body (malloc'd, NUL-terminated) with its length, or
 * NULL with a message on stderr (an HTTP error gives its status line and
 * body). */
/* GET `path`: the body (malloc'd, NUL-terminated, *len bytes), or NULL
 * with a message; a 404 when `gone` is set gives NULL and *gone = 1
 * without one (a federation that ended since the list was read). */
static char *
get(const struct ctl *c, const char *path, size_t *len, int *gone)
{
	struct addrinfo hints, *ai = NULL, *a;
	struct timeval tv = { 10, 0 };
	char req[8192], *buf = NULL, *body, *nb;
	size_t n = 0, cap = 0, boff;
	int fd = -1, rc, status;
	ssize_t k;

	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(c->host, c->port, &hints, &ai)) != 0) {
		fprintf(stderr, "rtictl: %s: %s\n", c->host, gai_strerror(rc));
		return NULL;
	}
	for (a = ai; a; a = a->ai_next) {
		if ((fd = socket(a->ai_family, a->ai_socktype,
		    a->ai_protocol)) < 0)
			continue;
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
		if (connect(fd, a->ai_addr, a->ai_addrlen) == 0)
			break;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	if (fd < 0) {
		fprintf(stderr, "rtictl: cannot connect to %s port %s: %s\n",
		    c->host, c->port, strerror(errno));
		return NULL;
	}
	rc = snprintf(req, sizeof req, "GET %s%s HTTP/1.0\r\nHost: %s\r\n%s"
	    "Connection: close\r\n\r\n", c->prefix, path, c->host, c->auth);
	if (rc < 0 || (size_t)rc >= sizeof req ||
	    send(fd, req, (size_t)rc, MSG_NOSIGNAL) != rc) {
		fprintf(stderr, "rtictl: cannot send the request\n");
		goto out;
	}
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 131072;
			if (cap > MAX_RESPONSE + 65536 + 1 ||
			    !(nb = realloc(buf, cap))) {
				fprintf(stderr, "rtictl: response too large\n");
				goto fail;
			}
			buf = nb;
		}
		k = recv(fd, buf + n, 65536, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			fprintf(stderr, "rtictl: reading the response: %s\n",
			    strerror(errno));
			goto fail;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	if (!buf)
		goto short_;
	buf[n] = '\0';
	if (ctl_parse_response(buf, n, &status, &boff) < 0)
		goto short_;
	body = buf + boff;
	if (status == 404 && gone) {
		*gone = 1;
		goto fail;
	}
	if (status != 200) {
		char *eol = strstr(buf, "\r\n"), line[128], text[1024];

		/* what rtiexec (or whatever answered) said, made harmless
		 * for the terminal */
		ctl_printable(line, sizeof line, buf, (size_t)(eol - buf));
		ctl_printable(text, sizeof text, body, n - boff);
		fprintf(stderr, "rtictl: %s%s: %s: %s", c->prefix, path, line,
		    text);
		goto fail;
	}
	*len = n - (size_t)(body - buf);
	memmove(buf, body, *len + 1);
	close(fd);
	return buf;
short_:
	fprintf(stderr, "rtictl: no HTTP response from %s port %s\n",
	    c->host, c->port);
fail:
	free(buf);
out:
	close(fd);
	return NULL;
}

static struct json_val *
get_json(const struct ctl *c, const char *path, char **raw, int *gone)
{
	struct json_val *v;
	char err[128], *b;
	size_t len;

	if (!(b = get(c, path, &len, gone)))
		return NULL;
	if (json_parse(b, len, &v, err, sizeof err) < 0) {
		fprintf(stderr, "rtictl: %s: bad JSON: %s\n", path, err);
		free(b);
		return NULL;
	}
	if (raw)
		*raw = b;
	else
		free(b);
	return v;
}

/* Percent-encode a federation name into a path segment. */
static void
encode(const char *s, char *out, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (; *s && n + 3 < len; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~", ch)) {
			out[n++] = (char)ch;
		} else {
			out[n++] = '%';
			out[n++] = hex[ch >> 4];
			out[n++] = hex[ch & 15];
		}
	}
	out[n] = '\0';
}

/* Each federation's document, in the list's order (NULL-terminated,
 * malloc'd), and the raw texts when `raw`; NULL on error. */
static struct json_val **
federations(const struct ctl *c, char ***raw)
{
	const struct json_val *fl;
	struct json_val *list, **docs;
	char path[4096], enc[3 * 1024 + 1];
	size_t i, k = 0;
	int gone;

	if (!(list = get_json(c, "/api/v1/federations", NULL, NULL)))
		return NULL;
	fl = json_get(list, "federations");
	if (!fl || fl->type != JSON_ARR) {
		fprintf(stderr, "rtictl: the answer has no federations\n");
		json_free(list);
		return NULL;
	}
	docs = calloc(fl->n + 1, sizeof *docs);
	if (raw)
		*raw = calloc(fl->n + 1, sizeof **raw);
	if (!docs || (raw && !*raw)) {
		fprintf(stderr, "rtictl: out of memory\n");
		goto bad;
	}
	for (i = 0; i < fl->n; i++) {
		const char *name = json_str(json_get(&fl->items[i], "name"), "");

		if (c->federation && strcmp(name, c->federation) != 0)
			continue;
		if (strlen(name) > 1024)
			continue;
		encode(name, enc, sizeof enc);
		snprintf(path, sizeof path, "/api/v1/federations/%s", enc);
		gone = 0;
		if (!(docs[k] = get_json(c, path, raw ? &(*raw)[k] : NULL,
		    &gone))) {
			if (gone) /* ended since the list was read */
				continue;
			goto bad;
		}
		k++;
	}
	json_free(list);
	if (c->federation && k == 0) {
		fprintf(stderr, "rtictl: no federation '%s'\n", c->federation);
		free(docs);
		if (raw) {
			free(*raw);
			*raw = NULL;
		}
		return NULL;
	}
	return docs;
bad:
	for (i = 0; docs && docs[i]; i++)
		json_free(docs[i]);
	free(docs);
	if (raw && *raw) {
		for (i = 0; (*raw)[i]; i++)
			free((*raw)[i]);
		free(*raw);
		*raw = NULL;
	}
	json_free(list);
	return NULL;
}

static void
free_docs(struct json_val **docs, char **raw)
{
	size_t i;

	for (i = 0; docs && docs[i]; i++)
		json_free(docs[i]);
	free(docs);
	for (i = 0; raw && raw[i]; i++)
		free(raw[i]);
	free(raw);
}

/* A time of the JSON (number, "+Inf" or null) as text, with 10
 * significant digits (--json has them exact). */
static const char *
tstr(const struct json_val *v, char *buf, size_t len)
{
	if (v && v->type == JSON_NUM)
		snprintf(buf, len, "%.10g", v->num);
	else if (v && v->type == JSON_STR)
		snprintf(buf, len, "%s", v->str);
	else
		snprintf(buf, len, "-");
	return buf;
}

/* Print the names of array arr, ", " between them, or `none` when it has
 * none (all of them: a list of a thousand federates is not cut). */
static void
print_names(FILE *o, const struct json_val *arr, const char *none)
{
	size_t i, n = arr && arr->type == JSON_ARR ? arr->n : 0;

	if (n == 0)
		fputs(none, o);
	for (i = 0; i < n; i++)
		fprintf(o, "%s%s", i ? ", " : "", json_str(&arr->items[i], "?"));
}

static int
has_names(const struct json_val *arr)
{
	return arr && arr->type == JSON_ARR && arr->n > 0;
}

/* The save line of the page: the last save and what runs now. */
static void
print_save(FILE *o, const struct json_val *sv)
{
	const struct json_val *last = json_get(sv, "last");
	const char *state = json_str(json_get(sv, "state"), "idle");
	const char *label = json_str(json_get(sv, "label"), "?");
	char t[64];

	if (last && last->type == JSON_OBJ) {
		fprintf(o, "last save: %s", json_str(json_get(last, "label"),
		    "?"));
		if (json_get(last, "time") &&
		    json_get(last, "time")->type != JSON_NULL)
			fprintf(o, " at t=%s", tstr(json_get(last, "time"), t,
			    sizeof t));
	} else {
		fprintf(o, "last save: none");
	}
	if (strcmp(state, "waiting_for_time") == 0) {
		fprintf(o, "; save %s waits for t=%s", label,
		    tstr(json_get(sv, "time"), t, sizeof t));
	} else if (strcmp(state, "saving") == 0) {
		fprintf(o, "; saving %s: waiting for ", label);
		print_names(o, json_get(sv, "waiting_for"), "nobody");
	} else if (strcmp(state, "writing") == 0) {
		fprintf(o, "; saving %s: writing the file", label);
	} else if (strcmp(state, "restoring") == 0) {
		fprintf(o, "; restoring %s: waiting for ", label);
		print_names(o, json_get(sv, "waiting_for"), "nobody");
	}
	fprintf(o, "\n");
}

static void
print_status(FILE *o, const struct json_val *d)
{
	const struct json_val *fx = json_get(d, "federation");
	const struct json_val *fs = json_get(fx, "federates");
	const struct json_val *sp = json_get(fx, "sync_points");
	double now = json_num(json_path(d, "server.now"), 0);
	size_t i;

	fprintf(o, "federation %s (%s): %zu federate%s\n",
	    json_str(json_get(fx, "name"), "?"),
	    json_str(json_get(fx, "time_implementation"), "?"),
	    fs ? fs->n : 0, fs && fs->n == 1 ? "" : "s");
	{
		const struct json_val *r = json_get(fx, "rates");
		const struct json_val *tr = json_get(r, "time_per_second");

		if (r && json_get(r, "window_seconds") &&
		    json_get(r, "window_seconds")->type == JSON_NUM) {
			if (tr && tr->type == JSON_NUM)
				fprintf(o, "runs at %.2fx real time, ",
				    tr->num);
			else
				fprintf(o, "no federate regulating or "
				    "constrained, ");
			fprintf(o, "%.1f steps/s (last %.0f s)\n",
			    json_num(json_get(r, "steps_per_second"), 0),
			    json_num(json_get(r, "window_seconds"), 0));
		}
	}
	fprintf(o, "%-6s %-20s %-16s %-15s %8s %-8s %7s %9s\n", "HANDLE",
	    "NAME", "TYPE", "HOST", "JOINED", "STATE", "SILENT", "RESIGN IN");
	for (i = 0; fs && i < fs->n; i++) {
		const struct json_val *f = &fs->items[i];
		const struct json_val *sl = json_path(f,
		    "connection.silent_seconds");
		const struct json_val *ri = json_path(f,
		    "connection.heartbeat_resign_in");
		double j = json_num(json_get(f, "joined"), now);
		char b1[32], b2[32];

		if (sl && sl->type == JSON_NUM)
			snprintf(b1, sizeof b1, "%.1fs", sl->num);
		else
			snprintf(b1, sizeof b1, "-");
		if (ri && ri->type == JSON_NUM)
			snprintf(b2, sizeof b2, "%.1fs", ri->num);
		else
			snprintf(b2, sizeof b2, "-");
		fprintf(o, "%-6.0f %-20s %-16s %-15s %7.0fs %-8s %7s %9s\n",
		    json_num(json_get(f, "handle"), 0),
		    json_str(json_get(f, "name"), "?"),
		    json_str(json_get(f, "type"), ""),
		    json_str(json_get(f, "host"), ""),
		    now > j ? now - j : 0, json_str(json_get(f, "state"), "?"),
		    b1, b2);
	}
	for (i = 0; sp && i < sp->n; i++) {
		fprintf(o, "sync point %s: waiting for ",
		    json_str(json_get(&sp->items[i], "label"), "?"));
		print_names(o, json_get(&sp->items[i], "waiting_for"), "nobody");
		fprintf(o, "\n");
	}
	if (json_get(fx, "save"))
		print_save(o, json_get(fx, "save"));
}

static void
print_time(FILE *o, const struct json_val *d)
{
	const struct json_val *fx = json_get(d, "federation");
	const struct json_val *fs = json_get(fx, "federates");
	const struct json_val *g = json_get(fx, "galt");
	char b1[48], b2[48], b3[48], b4[64];
	size_t i;

	if (has_names(json_get(g, "held_back_by"))) {
		fprintf(o, "federation %s: GALT %s held back by ",
		    json_str(json_get(fx, "name"), "?"),
		    tstr(json_get(g, "time"), b1, sizeof b1));
		print_names(o, json_get(g, "held_back_by"), "");
		fprintf(o, " (waiting: ");
		print_names(o, json_get(g, "waiting"), "");
		fprintf(o, ")\n");
	} else
		fprintf(o, "federation %s: nobody holds time back\n",
		    json_str(json_get(fx, "name"), "?"));
	fprintf(o, "%-20s %12s %10s %-16s %12s %-3s %-3s %s\n", "NAME",
	    "TIME", "LOOKAHEAD", "PENDING", "GALT", "REG", "CON", "NOTE");
	for (i = 0; fs && i < fs->n; i++) {
		const struct json_val *t = json_get(&fs->items[i], "time");
		const struct json_val *p = json_get(t, "pending");

		if (p && p->type == JSON_OBJ)
			snprintf(b4, sizeof b4, "%s %s",
			    json_str(json_get(p, "kind"), "?"),
			    tstr(json_get(p, "time"), b3, sizeof b3));
		else
			snprintf(b4, sizeof b4, "-");
		fprintf(o, "%-20s %12s %10s %-16s %12s %-3s %-3s %s\n",
		    json_str(json_get(&fs->items[i], "name"), "?"),
		    tstr(json_get(t, "logical_time"), b1, sizeof b1),
		    tstr(json_get(t, "lookahead"), b2, sizeof b2), b4,
		    tstr(json_get(t, "galt"), b3, sizeof b3),
		    json_bool(json_get(t, "regulating"), 0) ? "yes" : "no",
		    json_bool(json_get(t, "constrained"), 0) ? "yes" : "no",
		    json_bool(json_get(t, "holds_galt"), 0) ? "holds GALT" :
		    json_bool(json_get(t, "waiting"), 0) ? "waiting" : "");
	}
}

static int
cmd_docs(const struct ctl *c, void (*print)(FILE *, const struct json_val *))
{
	char **raw = NULL;
	struct json_val **docs = federations(c, c->json ? &raw : NULL);
	size_t i;

	if (!docs)
		return 1;
	for (i = 0; docs[i]; i++) {
		if (c->json)
			fputs(raw[i], stdout);
		else
			print(stdout, docs[i]);
	}
	free_docs(docs, raw);
	return 0;
}

static int
cmd_metrics(const struct ctl *c)
{
	size_t len;
	char *b = get(c, "/metrics", &len, NULL);

	if (!b)
		return 1;
	fwrite(b, 1, len, stdout);
	free(b);
	return 0;
}

/* Sum of the `key` counters of a federation's traffic. */
static double
sent_total(const struct json_val *d, const char *key)
{
	const struct json_val *t = json_path(d, "federation.traffic");
	double s = 0;
	size_t i;

	for (i = 0; t && t->type == JSON_ARR && i < t->n; i++)
		s += json_num(json_get(&t->items[i], key), 0);
	return s;
}

/* A federation's counters at the last refresh of top, by name. */
struct top_prev {
	char *name;
	double sent, bytes;
};

static void
top_prev_free(struct top_prev *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i].name);
	free(p);
}

static const struct top_prev *
top_prev_find(const struct top_prev *p, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i].name && strcmp(p[i].name, name) == 0)
			return &p[i];
	return NULL;
}

/* top: the time table of every federation and the message rate, every
 * `period` seconds, until q (stdin a terminal) or `iterations` (> 0). */
static int
cmd_top(const struct ctl *c, double period, long iterations)
{
	struct termios old, raw;
	int tty = isatty(0), rc = 0, ansi = isatty(1);
	struct top_prev *prev = NULL, *cur;
	size_t n_prev = 0, n_cur;
	double prev_t = 0;
	long it;

	if (tty && tcgetattr(0, &old) == 0) {
		raw = old;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		raw.c_cc[VMIN] = 0;
		raw.c_cc[VTIME] = 0;
		tcsetattr(0, TCSANOW, &raw);
	} else {
		tty = 0;
	}
	for (it = 0; iterations <= 0 || it < iterations; it++) {
		struct json_val **docs = federations(c, NULL);
		struct timespec ts;
		struct pollfd pfd = { 0, POLLIN, 0 };
		double t;
		size_t i;
		char ch;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		t = (double)ts.tv_sec + ts.tv_nsec / 1e9;
		if (!docs) {
			rc = 1;
			break;
		}
		if (ansi)
			fputs("\033[H\033[2J", stdout);
		printf("rtictl top: %s port %s%s\n\n", c->host, c->port,
		    tty ? " (q quits)" : "");
		for (n_cur = 0; docs[n_cur]; n_cur++)
			;
		cur = calloc(n_cur + 1, sizeof *cur);
		for (i = 0; docs[i]; i++) {
			double s = sent_total(docs[i], "sent");
			double b = sent_total(docs[i], "bytes_sent");
			const char *name = json_str(json_get(json_get(docs[i],
			    "federation"), "name"), "");
			const struct top_prev *p = top_prev_find(prev,
			    n_prev, name);

			print_time(stdout, docs[i]);
			/* a federation's own counters of the last refresh:
			 * one that is new, or ended and was created again
			 * (counters lower), has no rate yet */
			if (p && t > prev_t && s >= p->sent && b >= p->bytes)
				printf("messages sent: %.1f/s, bytes sent: "
				    "%.0f/s\n", (s - p->sent) / (t - prev_t),
				    (b - p->bytes) / (t - prev_t));
			if (cur && (cur[i].name = strdup(name)) != NULL) {
				cur[i].sent = s;
				cur[i].bytes = b;
			}
			printf("\n");
		}
		top_prev_free(prev, n_prev);
		prev = cur;
		n_prev = cur ? n_cur : 0;
		prev_t = t;
		fflush(stdout);
		free_docs(docs, NULL);
		if (iterations > 0 && it + 1 >= iterations)
			break;
		if (!tty) {
			struct timespec d = { (time_t)period, (long)((period -
			    (double)(time_t)period) * 1e9) };

			nanosleep(&d, NULL);
			continue;
		}
		if (poll(&pfd, 1, (int)(period * 1000)) > 0 &&
		    read(0, &ch, 1) == 1 && (ch == 'q' || ch == 'Q'))
			break;
	}
	top_prev_free(prev, n_prev);
	if (tty)
		tcsetattr(0, TCSANOW, &old);
	return rc;
}

/* Where `events` is in one federation: the next sequence number to ask
 * after, by name. */
struct ev_pos {
	char *name;
	double after;
	int seen;                 /* in the last list */
};

/* ctl_printable of s, on one line (newlines and tabs '?' too). */
static const char *
oneline(char *out, size_t cap, const char *s)
{
	char *p;

	ctl_printable(out, cap, s, strlen(s));
	for (p = out; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = '?';
	return out;
}

/* One event as a line: local time, federation, number, kind, federate,
 * why and detail; what came from the federation made printable. */
static void
print_event(FILE *o, const char *fx, const struct json_val *e)
{
	const struct json_val *w = json_get(e, "why");
	const struct json_val *fd = json_get(e, "federate");
	const struct json_val *d = json_get(e, "detail");
	double ms = json_num(json_get(e, "time_ms"), 0);
	time_t t = (time_t)(ms / 1000);
	char when[32], name[1100], fed[1100], det[1100], kind[64], why[64];
	const char *dt = json_str(d, ""), *fs = json_str(fd, "");
	struct tm tm;

	if (!localtime_r(&t, &tm) ||
	    !strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(when, sizeof when, "?");
	oneline(name, sizeof name, fx);
	oneline(fed, sizeof fed, fs);
	oneline(det, sizeof det, dt);
	oneline(kind, sizeof kind, json_str(json_get(e, "kind"), "?"));
	oneline(why, sizeof why, json_str(w, ""));
	fprintf(o, "%s.%03d %s #%.0f %s%s%s%s%s%s%s%s\n", when,
	    (int)((long long)ms % 1000), name,
	    json_num(json_get(e, "seq"), 0), kind, *fed ? " " : "", fed,
	    *why ? " (" : "", why, *why ? ")" : "", *det ? ": " : "", det);
}

/* The events of federation `name` after p->after: printed (or the
 * document, with --json), p->after moved on.  0, 1 on error, 2 when the
 * federation is gone. */
static int
events_of(const struct ctl *c, struct ev_pos *p)
{
	char path[4096], enc[3 * 1024 + 1], *raw = NULL;
	const struct json_val *l;
	struct json_val *d;
	double next, first;
	int gone = 0;
	size_t i;

	if (strlen(p->name) > 1024)
		return 0;
	encode(p->name, enc, sizeof enc);
	snprintf(path, sizeof path, "/api/v1/federations/%s/events?after=%.0f",
	    enc, p->after);
	if (!(d = get_json(c, path, &raw, &gone)))
		return gone ? 2 : 1;
	l = json_path(d, "events.list");
	next = json_num(json_path(d, "events.next"), p->after + 1);
	if (l && l->type == JSON_ARR && l->n > 0) {
		first = json_num(json_get(&l->items[0], "seq"), 0);
		if (c->json) {
			fputs(raw, stdout);
		} else {
			char nm[1100];

			if (first > p->after + 1)
				printf("(%.0f earlier events of %s no longer "
				    "kept)\n", first - p->after - 1,
				    oneline(nm, sizeof nm, p->name));
			for (i = 0; i < l->n; i++)
				print_event(stdout, p->name, &l->items[i]);
		}
	}
	if (next > p->after + 1)
		p->after = next - 1;
	fflush(stdout);
	json_free(d);
	free(raw);
	return 0;
}

/* events: every federation's event log (or -f's), oldest first; with
 * `follow`, then what comes, every `period` seconds, until interrupted
 * or `iterations` (> 0) polls. */
static int
cmd_events(const struct ctl *c, int follow, double period, long iterations)
{
	struct ev_pos *pos = NULL, *np;
	size_t n = 0, i, j;
	long it;
	int rc = 0, r;

	for (it = 0; rc == 0; it++) {
		struct json_val *list;
		const struct json_val *fl;

		if (!(list = get_json(c, "/api/v1/federations", NULL, NULL))) {
			/* polled: an rtiexec that stopped answers no more,
			 * and its federations went with it (rtiexec(1):
			 * its log's last line says why and what ran) */
			if (follow && it > 0 && !c->json) {
				printf("(rtiexec stopped answering; the "
				    "federations followed went with it)\n");
				fflush(stdout);
			}
			rc = 1;
			break;
		}
		fl = json_get(list, "federations");
		for (j = 0; j < n; j++)
			pos[j].seen = 0;
		for (i = 0; fl && fl->type == JSON_ARR && i < fl->n; i++) {
			const char *name = json_str(json_get(&fl->items[i],
			    "name"), "");

			if (c->federation && strcmp(name, c->federation))
				continue;
			for (j = 0; j < n && strcmp(pos[j].name, name); j++)
				;
			if (j == n) {
				if (!(np = realloc(pos, (n + 1) * sizeof *np)) ||
				    !(np[n].name = strdup(name))) {
					fprintf(stderr, "rtictl: out of "
					    "memory\n");
					pos = np ? np : pos;
					rc = 1;
					break;
				}
				pos = np;
				pos[n].after = 0;
				n++;
			}
			pos[j].seen = 1;
			if ((r = events_of(c, &pos[j])) == 1)
				rc = 1;
			else if (r == 2)
				pos[j].seen = 0;
		}
		json_free(list);
		/* a federation that ended: said once, and forgotten (one
		 * created again under its name starts anew) */
		for (j = 0; j < n; j++) {
			if (pos[j].seen)
				continue;
			if (!c->json) {
				char name[1100];

				printf("(federation %s ended)\n", oneline(name,
				    sizeof name, pos[j].name));
				fflush(stdout);
			}
			free(pos[j].name);
			pos[j--] = pos[--n];
		}
		if (it == 0 && c->federation && n == 0 && rc == 0 && !follow) {
			fprintf(stderr, "rtictl: no federation '%s'\n",
			    c->federation);
			rc = 1;
		}
		if (!follow || rc || (iterations > 0 && it + 1 >= iterations))
			break;
		{
			struct timespec d = { (time_t)period, (long)((period -
			    (double)(time_t)period) * 1e9) };

			nanosleep(&d, NULL);
		}
	}
	for (j = 0; j < n; j++)
		free(pos[j].name);
	free(pos);
	return rc;
}

static void
usage(FILE *o)
{
	fprintf(o,
"Usage: rtictl [OPTION]... COMMAND\n"
"Read the HTTP view of a running rtiexec (rtiexec --http).\n"
"\n"
"Commands:\n"
"  status    federations, their federates and synchronization points\n"
"  time      time state of every federate and who holds GALT back\n"
"  top       the time table and message rate, refreshed; q quits\n"
"  events    each federation's event log, oldest first (joins, resigns\n"
"            and why, saves, restores, synchronization points, ...)\n"
"  metrics   the Prometheus metrics as rtiexec serves them\n"
"\n"
"  -u, --url URL          rtiexec's HTTP view (default %s)\n"
"  -k, --auth-key-file FILE\n"
"                         send this key as a bearer token\n"
"  -f, --federation NAME  only this federation\n"
"  -j, --json             status, time, events: the JSON documents\n"
"                         (rti-http(7)), one a line\n"
"  -F, --follow           events: then print new events as they come\n"
"  -d, --delay SECS       top, events --follow: seconds between refreshes\n"
"                         (default 1)\n"
"  -n, --iterations N     top, events --follow: stop after N refreshes\n"
"  -h, --help             show this help\n"
"  -V, --version          show the version\n"
"\n"
"Exit status: 0 success, 1 rtiexec could not be read, 2 usage error.\n",
	    DEFAULT_URL);
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "auth-key-file", required_argument, NULL, 'k' },
		{ "federation", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "delay", required_argument, NULL, 'd' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "follow", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct ctl c;
	const char *url = DEFAULT_URL, *cmd;
	double delay = 1;
	long iterations = 0;
	char *end;
	int o, follow = 0;

	memset(&c, 0, sizeof c);
	signal(SIGPIPE, SIG_IGN);
	while ((o = getopt_long(argc, argv, "u:k:f:jFd:n:hV", opts, NULL)) !=
	    -1) {
		switch (o) {
		case 'u':
			url = optarg;
			break;
		case 'k':
			if (read_key(&c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'f':
			c.federation = optarg;
			break;
		case 'j':
			c.json = 1;
			break;
		case 'F':
			follow = 1;
			break;
		case 'd':
			delay = strtod(optarg, &end);
			if (*end || !(delay >= 0.1 && delay <= 3600)) {
				fprintf(stderr, "rtictl: bad --delay '%s' (want "
				    "0.1..3600 seconds)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'n':
			iterations = strtol(optarg, &end, 10);
			if (*end || iterations < 1) {
				fprintf(stderr, "rtictl: bad --iterations "
				    "'%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("rtictl (rti) %s\n", PACKAGE_VERSION);
			return 0;
		default:
			fprintf(stderr, "Try 'rtictl --help'.\n");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "rtictl: want one COMMAND (status, time, top, "
		    "events, metrics)\nTry 'rtictl --help'.\n");
		return EXIT_USAGE;
	}
	if (parse_url(&c, url) < 0)
		return EXIT_USAGE;
	cmd = argv[optind];
	if (strcmp(cmd, "status") == 0)
		return cmd_docs(&c, print_status);
	if (strcmp(cmd, "time") == 0)
		return cmd_docs(&c, print_time);
	if (strcmp(cmd, "top") == 0)
		return cmd_top(&c, delay, iterations);
	if (strcmp(cmd, "metrics") == 0)
		return cmd_metrics(&c);
	if (strcmp(cmd, "events") == 0)
		return cmd_events(&c, follow, delay, iterations);
	fprintf(stderr, "rtictl: unknown command '%s' (want status, time, "
	    "top, events, metrics)\n", cmd);
	return EXIT_USAGE;
}
