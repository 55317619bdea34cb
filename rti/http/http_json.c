/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_json.c - the JSON writer, the time view of a federation (who holds
 * GALT back) and the JSON documents of /api/v1 (schema: rti-http(7)).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "udp.h"
#include "events.h"
#include "fedm.h"
#include "http_int.h"
#include "mc.h"
#include "tmcore.h"

/* ---- writer: proto/json.h's, its text then added to the evbuffer ---- */

void
jw_init(struct jw *w, struct evbuffer *b)
{
	json_w_init(&w->j, JSON_W_HTML);
	w->b = b;
}

int
jw_end(struct jw *w)
{
	char *text;
	size_t len;
	int rc;

	if (json_w_finish(&w->j, &text, &len) != 0)
		return -1;
	rc = evbuffer_add(w->b, text, len) < 0 || evbuffer_add(w->b, "\n",
	    1) < 0 ? -1 : 0;
	free(text);
	return rc;
}

size_t
http_utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	size_t n, i;
	unsigned long cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

void
jw_f64(struct jw *w, const char *key, double v)
{
	char buf[48];

	if (!isfinite(v) || fabs(v) >= 1e15) {
		jw_null(w, key);
		return;
	}
	snprintf(buf, sizeof buf, "%.3f", v);
	json_w_number(&w->j, key, buf);
}

void
jw_time(struct jw *w, const char *key, int i64, uint64_t t)
{
	char buf[TMC_STR_LEN];

	tmc_str(i64, t, buf);
	if (strcmp(buf, "inf") == 0)
		json_w_str(&w->j, key, "+Inf");
	else
		json_w_number(&w->j, key, buf);
}

/* ---- the view ---- */

const char *
http_kind_name(int kind)
{
	switch (kind) {
	case TMC_TAR:
		return "TAR";
	case TMC_TARA:
		return "TARA";
	case TMC_NMR:
		return "NMR";
	case TMC_NMRA:
		return "NMRA";
	case TMC_FQR:
		return "FQR";
	default:
		return NULL;
	}
}

static void
view_ti(void *arg, uint32_t i, const struct tm_info *ti)
{
	struct http_fview *v = arg;

	v[i].ti = *ti;
	v[i].ok = 1;
}

struct http_fview *
http_view(struct federation *fx)
{
	struct http_fview *v = calloc(fx->n_feds + 1, sizeof *v);
	int i64 = fx->time_int64;
	uint32_t i, n_wait = 0;

	if (!v)
		return NULL;
	for (i = 0; i < fx->n_feds; i++)
		v[i].f = fx->feds[i];
	/* one GALT computation for all: a document costs O(federates) */
	if (tm_info_each(fx, view_ti, v) < 0)
		for (i = 0; i < fx->n_feds; i++)
			v[i].ok = 0;
	for (i = 0; i < fx->n_feds; i++) {
		const struct tm_info *ti = &v[i].ti;
		int c;

		if (!v[i].ok || !ti->constrained || !ti->has_galt ||
		    ti->kind == TMC_NONE || ti->kind == TMC_FQR)
			continue;
		c = tmc_cmp(i64, ti->req, ti->galt);
		v[i].waiting = ti->kind == TMC_TARA || ti->kind == TMC_NMRA ?
		    c > 0 : c >= 0;
		n_wait += (uint32_t)v[i].waiting;
	}
	/* a holder holds back another federate that waits */
	for (i = 0; i < fx->n_feds; i++)
		v[i].holder = v[i].ok && v[i].ti.holds_galt &&
		    n_wait > (uint32_t)v[i].waiting;
	return v;
}

void
http_host(const struct federate *f, char *out, size_t len)
{
	char *colon;

	snprintf(out, len, "%s", f->conn ? conn_peer(f->conn) : "");
	if (strcmp(out, "unix") == 0) {
		out[0] = '\0';
	} else if (out[0] == '[') {
		memmove(out, out + 1, strlen(out));
		if ((colon = strstr(out, "]:")))
			*colon = '\0';
	} else if ((colon = strrchr(out, ':'))) {
		*colon = '\0';
	}
}

size_t
http_queued(const struct federate *f)
{
	return f->conn ? conn_queued(f->conn) : 0;
}

void
http_silence(const struct federate *f, double *silent, double *left)
{
	*silent = *left = -1;
	if (f->conn)
		conn_silence(f->conn, silent, left);
}

const char *
http_fed_state(const struct federate *f)
{
	if (!f->conn || conn_closing(f->conn))
		return "closing";
	if (conn_held(f->conn))
		return "held";
	return "active";
}

/* ---- save and restore ---- */

const char *
http_save_state_name(int state)
{
	switch (state) {
	case FEDM_SAVE_WAITING_FOR_TIME:
		return "waiting_for_time";
	case FEDM_SAVE_SAVING:
		return "saving";
	case FEDM_SAVE_WRITING:
		return "writing";
	case FEDM_SAVE_RESTORING:
		return "restoring";
	default:
		return "idle";
	}
}

/* enum rti_save_status and rti_restore_status, lower_snake. */
static const char *
save_status_name(int s)
{
	static const char *const n[] = {
		"no_save_in_progress", "federate_instructed_to_save",
		"federate_saving", "federate_waiting_for_federation_to_save"
	};

	return s >= 0 && s < 4 ? n[s] : "unknown";
}

static const char *
restore_status_name(int s)
{
	static const char *const n[] = {
		"no_restore_in_progress", "federate_restore_request_pending",
		"federate_waiting_for_restore_to_begin",
		"federate_prepared_to_restore", "federate_restoring",
		"federate_waiting_for_federation_to_restore"
	};

	return s >= 0 && s < 6 ? n[s] : "unknown";
}

int
http_save_waits_for(struct federate *f, int state)
{
	const int done =
	    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE;
	int ss, rs;

	fedm_save_fed_status(f, &ss, &rs);
	if (state == FEDM_SAVE_SAVING)
		return ss !=
		    RTI_SAVE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE;
	if (state == FEDM_SAVE_RESTORING)
		return rs != done;
	return 0;
}

/* The "save" member; `full`: with the federates (the federation's
 * document), else the short form of the list. */
static void
save_obj(struct jw *w, struct federation *fx, int full)
{
	struct fedm_save_info si;
	int i64 = fx->time_int64, ss, rs;
	uint32_t i;

	fedm_save_info(fx, &si);
	jw_obj(w, "save");
	jw_str(w, "state", http_save_state_name(si.state));
	if (si.label)
		jw_str(w, "label", si.label);
	else
		jw_null(w, "label");
	if (si.label && si.has_time)
		jw_time(w, "time", i64, si.time);
	else
		jw_null(w, "time");
	if (si.last) {
		jw_obj(w, "last");
		jw_str(w, "label", si.last);
		if (si.last_has_time)
			jw_time(w, "time", i64, si.last_time);
		else
			jw_null(w, "time");
		jw_obj_end(w);
	} else {
		jw_null(w, "last");
	}
	if (!full) {
		jw_obj_end(w);
		return;
	}
	jw_u64(w, "saves", si.saves);
	jw_u64(w, "restores", si.restores);
	jw_arr(w, "waiting_for");
	for (i = 0; i < fx->n_feds; i++)
		if (http_save_waits_for(fx->feds[i], si.state))
			jw_str(w, NULL, fx->feds[i]->name);
	jw_arr_end(w);
	jw_arr(w, "federates");
	for (i = 0; i < fx->n_feds; i++) {
		fedm_save_fed_status(fx->feds[i], &ss, &rs);
		jw_obj(w, NULL);
		jw_str(w, "name", fx->feds[i]->name);
		jw_str(w, "save_status", save_status_name(ss));
		jw_str(w, "restore_status", restore_status_name(rs));
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}

/* ---- documents ---- */

/* "udp": the best-effort path's counters (struct udp_stats); `on`
 * whether rtiexec has UDP, `confirmed` (-1: not a connection's) whether
 * the connection's path is. */
static void
udp_obj(struct jw *w, const struct udp_stats *u, int on, int confirmed)
{
	jw_obj(w, "udp");
	if (confirmed < 0)
		jw_bool(w, "enabled", on);
	else
		jw_bool(w, "confirmed", confirmed);
	jw_u64(w, "datagrams_received", u->dg_in);
	jw_u64(w, "bytes_received", u->bytes_in);
	jw_u64(w, "datagrams_sent", u->dg_out);
	jw_u64(w, "bytes_sent", u->bytes_out);
	jw_u64(w, "rejected", u->rejected);
	jw_u64(w, "stale", u->stale);
	jw_u64(w, "send_failed", u->send_failed);
	jw_u64(w, "sent_reliably_too_large", u->too_large);
	jw_u64(w, "sent_reliably_unconfirmed", u->unconfirmed);
	jw_u64(w, "multicast_taken", u->mc_taken);
	jw_obj_end(w);
}

/* "multicast": the group counters (struct mc_stats). */
static void
mc_obj(struct jw *w, const struct rti_server *srv)
{
	const struct mc_stats *m = mc_stats(srv);

	jw_obj(w, "multicast");
	jw_bool(w, "enabled", mc_on(srv));
	jw_u64(w, "cell_depth", mc_on(srv) && server_cfg(srv)->mc_depth > 0 ?
	    (uint64_t)server_cfg(srv)->mc_depth : 0);
	jw_u64(w, "groups", m->groups);
	jw_u64(w, "members", m->members);
	jw_u64(w, "datagrams_sent", m->dg_out);
	jw_u64(w, "bytes_sent", m->bytes_out);
	jw_u64(w, "send_failed", m->send_failed);
	jw_u64(w, "messages", m->messages);
	jw_u64(w, "deliveries", m->deliveries);
	jw_u64(w, "cut_values", m->cut);
	jw_u64(w, "joins", m->joins);
	jw_u64(w, "leaves", m->leaves);
	jw_u64(w, "join_failed", m->join_failed);
	jw_obj_end(w);
}

static void
server_obj(struct jw *w, struct rti_server *srv)
{
	const struct rti_stats *s = server_stats(srv);

	jw_obj(w, "server");
	jw_str(w, "version", PACKAGE_VERSION);
	jw_u64(w, "now", (uint64_t)time(NULL));
	jw_u64(w, "connections", server_n_conns(srv));
	jw_u64(w, "output_queue_bytes", server_out_total(srv));
	jw_u64(w, "frames_received", s->frames_in);
	jw_u64(w, "frames_sent", s->frames_out);
	jw_u64(w, "bytes_received", s->bytes_in);
	jw_u64(w, "bytes_sent", s->bytes_out);
	jw_u64(w, "messages_routed", s->routed);
	jw_u64(w, "messages_filtered", s->filtered);
	jw_u64(w, "slow_consumers_dropped", s->slow_consumers_dropped);
	jw_u64(w, "protocol_errors", s->protocol_errors);
	jw_u64(w, "connections_refused", s->conns_refused);
	jw_u64(w, "heartbeat_timeouts", s->heartbeat_timeouts);
	if (server_cfg(srv)->heartbeat_timeout > 0 && server_heartbeats(srv))
		jw_f64(w, "heartbeat_timeout",
		    server_cfg(srv)->heartbeat_timeout);
	else
		jw_null(w, "heartbeat_timeout");
	udp_obj(w, &s->udp, udp_on(srv), -1);
	mc_obj(w, srv);
	jw_obj_end(w);
}

int
http_json_list(struct rti_server *srv, const struct http_stats *hs,
    struct evbuffer *out)
{
	struct federation *fx;
	struct jw w;
	uint32_t i;

	jw_init(&w, out);
	jw_obj(&w, NULL);
	jw_u64(&w, "schema_version", HTTP_SCHEMA_VERSION);
	server_obj(&w, srv);
	jw_obj(&w, "http");
	jw_u64(&w, "clients", hs->clients);
	jw_u64(&w, "requests", hs->requests);
	jw_obj_end(&w);
	jw_arr(&w, "federations");
	for (fx = server_federations(srv); fx; fx = fx->next) {
		jw_obj(&w, NULL);
		jw_str(&w, "name", fx->name);
		jw_u64(&w, "federates", fx->n_feds);
		jw_arr(&w, "federate_names");
		for (i = 0; i < fx->n_feds; i++)
			jw_str(&w, NULL, fx->feds[i]->name);
		jw_arr_end(&w);
		save_obj(&w, fx, 0);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_obj_end(&w);
	return jw_end(&w);
}

static const char *
fed_name(struct federation *fx, uint32_t handle)
{
	struct federate *f = server_federate(fx, handle);

	return f ? f->name : NULL;
}

struct sync_ctx {
	struct jw *w;
	struct federation *fx;
};

static void
sync_one(void *arg, const char *label, uint32_t n, const uint32_t *members,
    const uint8_t *achieved)
{
	struct sync_ctx *sc = arg;
	struct jw *w = sc->w;
	uint32_t i, left = 0;
	const char *nm;

	jw_obj(w, NULL);
	jw_str(w, "label", label);
	jw_arr(w, "members");
	for (i = 0; i < n; i++)
		if ((nm = fed_name(sc->fx, members[i])))
			jw_str(w, NULL, nm);
	jw_arr_end(w);
	jw_arr(w, "waiting_for");
	for (i = 0; i < n; i++)
		if (!achieved[i] && (nm = fed_name(sc->fx, members[i]))) {
			jw_str(w, NULL, nm);
			left++;
		}
	jw_arr_end(w);
	jw_u64(w, "achieved", n - left);
	jw_obj_end(w);
}

/* Bytes of class `c` in k: of objects (obj) or interactions, sent
 * (sent) or received; 0 before MOM allocated the arrays. */
static uint64_t
cnt_bytes(const struct fed_counts *k, int obj, int sent, uint32_t c)
{
	const uint64_t *a = obj ? (sent ? k->upd_bytes : k->refl_bytes) :
	    (sent ? k->ic_sent_bytes : k->ic_recv_bytes);

	return a ? a[c] : 0;
}

/* What librti suppressed at the source (struct fed_source): one
 * federate's last report, or (f NULL) the sum over fx's federates. */
static void
source_obj(struct jw *w, const struct federation *fx,
    const struct federate *f)
{
	uint64_t u = 0, b = 0, ic = 0;
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++) {
		const struct fed_source *s = &fx->feds[i]->src;

		if (f && fx->feds[i] != f)
			continue;
		u += s->updates;
		b += s->bytes;
		ic += s->interactions;
	}
	jw_obj(w, "source_suppressed");
	jw_u64(w, "updates", u);
	jw_u64(w, "bytes", b);
	jw_u64(w, "interactions", ic);
	if (f && f->src.at)
		jw_u64(w, "reported", (uint64_t)f->src.at);
	else if (f)
		jw_null(w, "reported");
	if (f) {
		double silent, left;

		/* librti reports a change within a second of its next
		 * evoke, and only a change: the figures hold as of the
		 * last time rtiexec heard from it, whenever it reported */
		http_silence(f, &silent, &left);
		if (silent >= 0)
			jw_u64(w, "as_of", (uint64_t)(time(NULL) -
			    (time_t)silent));
		else
			jw_null(w, "as_of");
	}
	jw_obj_end(w);
}

/* Class traffic of one kind: per class, the sums over federates of the
 * sent and received counters; only classes with any. */
static void
traffic(struct jw *w, struct federation *fx, int obj)
{
	const struct fom *fom = fx->fom;
	uint32_t n = obj ? fom->n_oclasses : fom->n_iclasses, c, i;

	for (c = 1; c <= n; c++) {
		uint64_t sent = 0, recv = 0, bs = 0, br = 0;

		for (i = 0; i < fx->n_feds; i++) {
			const struct fed_counts *k = &fx->feds[i]->cnt;
			const uint64_t *s = obj ? k->updates : k->ic_sent;
			const uint64_t *r = obj ? k->reflections :
			    k->ic_received;

			sent += s ? s[c] : 0;
			recv += r ? r[c] : 0;
			bs += cnt_bytes(k, obj, 1, c);
			br += cnt_bytes(k, obj, 0, c);
		}
		/* the share of those who left stays */
		sent += events_gone_traffic(fx, obj, 1, 0, c);
		recv += events_gone_traffic(fx, obj, 0, 0, c);
		bs += events_gone_traffic(fx, obj, 1, 1, c);
		br += events_gone_traffic(fx, obj, 0, 1, c);
		if (!sent && !recv)
			continue;
		jw_obj(w, NULL);
		jw_str(w, "class", obj ? fom->oclasses[c - 1].qname :
		    fom->iclasses[c - 1].qname);
		jw_str(w, "kind", obj ? "object" : "interaction");
		jw_u64(w, "sent", sent);
		jw_u64(w, "received", recv);
		jw_u64(w, "bytes_sent", bs);
		jw_u64(w, "bytes_received", br);
		jw_obj_end(w);
	}
}

/* One federate's counters by class, only classes with any. */
static void
fed_traffic(struct jw *w, struct federate *f)
{
	const struct fom *fom = f->fx->fom;
	const struct fed_counts *k = &f->cnt;
	uint32_t c;

	jw_arr(w, "traffic");
	for (c = 1; c <= fom->n_oclasses; c++) {
		uint64_t s = k->updates ? k->updates[c] : 0;
		uint64_t r = k->reflections ? k->reflections[c] : 0;

		if (!s && !r)
			continue;
		jw_obj(w, NULL);
		jw_str(w, "class", fom->oclasses[c - 1].qname);
		jw_str(w, "kind", "object");
		jw_u64(w, "sent", s);
		jw_u64(w, "received", r);
		jw_u64(w, "bytes_sent", cnt_bytes(k, 1, 1, c));
		jw_u64(w, "bytes_received", cnt_bytes(k, 1, 0, c));
		jw_obj_end(w);
	}
	for (c = 1; c <= fom->n_iclasses; c++) {
		uint64_t s = k->ic_sent ? k->ic_sent[c] : 0;
		uint64_t r = k->ic_received ? k->ic_received[c] : 0;

		if (!s && !r)
			continue;
		jw_obj(w, NULL);
		jw_str(w, "class", fom->iclasses[c - 1].qname);
		jw_str(w, "kind", "interaction");
		jw_u64(w, "sent", s);
		jw_u64(w, "received", r);
		jw_u64(w, "bytes_sent", cnt_bytes(k, 0, 1, c));
		jw_u64(w, "bytes_received", cnt_bytes(k, 0, 0, c));
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void
fed_obj(struct jw *w, const struct http_fview *v, int i64)
{
	const struct federate *f = v->f;
	const struct tm_info *ti = &v->ti;
	const struct conn *c = f->conn;
	struct conn_traffic t = { 0 };
	const char *kind;
	char host[64];

	jw_obj(w, NULL);
	jw_u64(w, "handle", f->handle);
	jw_str(w, "name", f->name);
	jw_str(w, "type", f->type ? f->type : "");
	http_host(f, host, sizeof host);
	jw_str(w, "host", host);
	jw_u64(w, "joined", (uint64_t)f->joined);
	jw_str(w, "state", http_fed_state(f));
	jw_obj(w, "time");
	if (v->ok) {
		jw_time(w, "logical_time", i64, ti->now);
		jw_time(w, "lookahead", i64, ti->lookahead);
		jw_bool(w, "regulating", ti->regulating);
		jw_bool(w, "constrained", ti->constrained);
		jw_bool(w, "regulation_pending", ti->reg_pending);
		jw_bool(w, "constraint_pending", ti->con_pending);
		if ((kind = http_kind_name(ti->kind))) {
			jw_obj(w, "pending");
			jw_str(w, "kind", kind);
			jw_time(w, "time", i64, ti->req);
			jw_obj_end(w);
		} else {
			jw_null(w, "pending");
		}
		if (ti->has_galt)
			jw_time(w, "galt", i64, ti->galt);
		else
			jw_null(w, "galt");
		if (ti->has_lits)
			jw_time(w, "lits", i64, ti->lits);
		else
			jw_null(w, "lits");
		if (ti->regulating)
			jw_time(w, "output_bound", i64, ti->out);
		else
			jw_null(w, "output_bound");
		jw_u64(w, "queued_tso", ti->queued);
		jw_bool(w, "waiting", v->waiting);
		jw_bool(w, "holds_galt", v->holder);
		jw_u64(w, "grants", ti->grants);
	}
	jw_obj_end(w);
	jw_obj(w, "connection");
	{
		double silent, left;

		http_silence(f, &silent, &left);
		if (silent >= 0)
			jw_f64(w, "silent_seconds", silent);
		else
			jw_null(w, "silent_seconds");
		if (left >= 0)
			jw_f64(w, "heartbeat_resign_in", left);
		else
			jw_null(w, "heartbeat_resign_in");
	}
	jw_u64(w, "output_queue_bytes", http_queued(f));
	if (c)
		conn_traffic(c, &t);
	jw_u64(w, "bytes_received", t.bytes_in);
	jw_u64(w, "bytes_sent", t.bytes_out);
	jw_u64(w, "frames_received", t.frames_in);
	jw_u64(w, "frames_sent", t.frames_out);
	udp_obj(w, &t.udp, 1, c && udp_confirmed(c));
	jw_u64(w, "multicast_groups", c ? mc_groups(c) : 0);
	jw_obj_end(w);
	fed_traffic(w, (struct federate *)f);
	source_obj(w, f->fx, f);
	jw_obj_end(w);
}

/* "rates": how fast the federation runs (events.h). */
static void
rates_obj(struct jw *w, struct federation *fx)
{
	struct ev_rates r;

	events_rates(fx, &r);
	jw_obj(w, "rates");
	if (r.have) {
		jw_f64(w, "window_seconds", r.window);
		jw_f64(w, "steps_per_second", r.step_rate);
	} else {
		jw_null(w, "window_seconds");
		jw_null(w, "steps_per_second");
	}
	if (r.have && r.have_time) {
		jw_f64(w, "time_per_second", r.time_rate);
		jw_f64(w, "time", r.now);
	} else {
		jw_null(w, "time_per_second");
		jw_null(w, "time");
	}
	jw_obj_end(w);
}

static void
event_one(void *arg, const struct ev_entry *e)
{
	struct jw *w = arg;

	jw_obj(w, NULL);
	jw_u64(w, "seq", e->seq);
	jw_u64(w, "time", (uint64_t)(e->time_ms / 1000));
	jw_u64(w, "time_ms", (uint64_t)e->time_ms);
	jw_str(w, "kind", events_kind_name(e->kind));
	if (e->federate)
		jw_str(w, "federate", e->federate);
	else
		jw_null(w, "federate");
	if (e->kind == EV_RESIGNED)
		jw_str(w, "why", events_why_name(e->why));
	else
		jw_null(w, "why");
	if (e->detail)
		jw_str(w, "detail", e->detail);
	else
		jw_null(w, "detail");
	jw_obj_end(w);
}

/* "events": those after `after`, at most `limit` (the newest), oldest
 * first; "next" is the sequence number the next one will have. */
static void
events_obj(struct jw *w, struct federation *fx, uint64_t after,
    uint32_t limit)
{
	uint64_t next, dropped;

	jw_obj(w, "events");
	jw_arr(w, "list");
	next = events_each(fx, after, limit, event_one, w, &dropped);
	jw_arr_end(w);
	jw_u64(w, "next", next);
	jw_u64(w, "dropped", dropped);
	jw_u64(w, "capacity", EVENTS_MAX);
	jw_obj_end(w);
}

int
http_json_federation(struct rti_server *srv, struct federation *fx,
    struct evbuffer *out)
{
	struct http_fview *v = http_view(fx);
	struct sync_ctx sc;
	struct jw w;
	uint32_t i;
	int i64 = fx->time_int64, have = 0;
	uint64_t lo = 0;

	if (!v)
		return -1;
	jw_init(&w, out);
	jw_obj(&w, NULL);
	jw_u64(&w, "schema_version", HTTP_SCHEMA_VERSION);
	server_obj(&w, srv);
	jw_obj(&w, "federation");
	jw_str(&w, "name", fx->name);
	jw_str(&w, "time_implementation", i64 ? "HLAinteger64Time" :
	    "HLAfloat64Time");
	jw_arr(&w, "fom_modules");
	for (i = 0; i < fx->n_modules; i++)
		jw_str(&w, NULL, fx->module_names[i]);
	jw_arr_end(&w);
	/* the GALT the holders set: their output bound */
	jw_obj(&w, "galt");
	for (i = 0; i < fx->n_feds; i++)
		if (v[i].holder) {
			lo = v[i].ti.out;
			have = 1;
		}
	if (have)
		jw_time(&w, "time", i64, lo);
	else
		jw_null(&w, "time");
	jw_arr(&w, "held_back_by");
	for (i = 0; i < fx->n_feds; i++)
		if (v[i].holder)
			jw_str(&w, NULL, v[i].f->name);
	jw_arr_end(&w);
	jw_arr(&w, "waiting");
	for (i = 0; i < fx->n_feds; i++)
		if (v[i].waiting)
			jw_str(&w, NULL, v[i].f->name);
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_arr(&w, "federates");
	for (i = 0; i < fx->n_feds; i++)
		fed_obj(&w, &v[i], i64);
	jw_arr_end(&w);
	jw_arr(&w, "sync_points");
	sc.w = &w;
	sc.fx = fx;
	fedm_sync_each(fx, sync_one, &sc);
	jw_arr_end(&w);
	jw_arr(&w, "traffic");
	traffic(&w, fx, 1);
	traffic(&w, fx, 0);
	jw_arr_end(&w);
	save_obj(&w, fx, 1);
	source_obj(&w, fx, NULL);
	rates_obj(&w, fx);
	events_obj(&w, fx, 0, HTTP_DOC_EVENTS);
	jw_obj_end(&w);
	jw_obj_end(&w);
	free(v);
	return jw_end(&w);
}

int
http_json_events(struct rti_server *srv, struct federation *fx,
    uint64_t after, uint32_t limit, struct evbuffer *out)
{
	struct jw w;

	(void)srv;
	jw_init(&w, out);
	jw_obj(&w, NULL);
	jw_u64(&w, "schema_version", HTTP_SCHEMA_VERSION);
	jw_str(&w, "federation", fx->name);
	jw_u64(&w, "now", (uint64_t)time(NULL));
	events_obj(&w, fx, after, limit);
	jw_obj_end(&w);
	return jw_end(&w);
}
