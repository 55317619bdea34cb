/* SPDX-License-Identifier: Apache-2.0 */
/*
 * http_metrics.c - /metrics: the Prometheus text exposition format 0.0.4.
 * Every family has its # HELP and # TYPE lines and all its samples
 * together; counters end in _total; label values are escaped (\\, \",
 * \n) and bytes that are not UTF-8 become U+FFFD.  Names: rti-http(7).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fedm.h"
#include "budget.h"
#include "mc.h"
#include "http_int.h"
#include "tmcore.h"

struct mw {
	struct evbuffer *b;
	int err;
};

static void
add(struct mw *m, const char *s)
{
	if (evbuffer_add(m->b, s, strlen(s)) < 0)
		m->err = 1;
}

static void
family(struct mw *m, const char *name, const char *type, const char *help)
{
	if (evbuffer_add_printf(m->b, "# HELP %s %s\n# TYPE %s %s\n", name,
	    help, name, type) < 0)
		m->err = 1;
}

/* A label value: valid UTF-8 with \\, \" and \n escaped. */
static void
label_value(struct mw *m, const char *v)
{
	const unsigned char *s = (const unsigned char *)v;

	for (; *s; s++) {
		if (*s == '\\')
			add(m, "\\\\");
		else if (*s == '"')
			add(m, "\\\"");
		else if (*s == '\n')
			add(m, "\\n");
		else {
			/* valid sequences copied, any other byte the
			 * replacement character, as in the JSON */
			size_t n = http_utf8_len(s);

			if (n) {
				evbuffer_add(m->b, s, n);
				s += n - 1;
			} else {
				add(m, "\xef\xbf\xbd");
			}
		}
	}
}

/* name{federation="..",federate="..",class=".."} value: NULL labels are
 * left out. */
static void
sample(struct mw *m, const char *name, const char *fx, const char *fed,
    const char *cls, const char *value)
{
	const char *sep = "{";

	add(m, name);
	if (fx) {
		add(m, sep);
		add(m, "federation=\"");
		label_value(m, fx);
		add(m, "\"");
		sep = ",";
	}
	if (fed) {
		add(m, sep);
		add(m, "federate=\"");
		label_value(m, fed);
		add(m, "\"");
		sep = ",";
	}
	if (cls) {
		add(m, sep);
		add(m, "class=\"");
		label_value(m, cls);
		add(m, "\"");
		sep = ",";
	}
	if (sep[0] == ',')
		add(m, "}");
	add(m, " ");
	add(m, value);
	add(m, "\n");
}

static void
sample_u64(struct mw *m, const char *name, const char *fx, const char *fed,
    const char *cls, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
	sample(m, name, fx, fed, cls, buf);
}

static void
sample_time(struct mw *m, const char *name, const char *fx,
    const char *fed, int i64, uint64_t t)
{
	char buf[TMC_STR_LEN];

	tmc_str(i64, t, buf);
	sample(m, name, fx, fed, NULL, strcmp(buf, "inf") == 0 ? "+Inf" :
	    buf);
}

/* The per-federate families that come from the time view. */
enum fv_what {
	FV_TIME, FV_LOOKAHEAD, FV_GALT, FV_REG, FV_CON, FV_ADV, FV_WAIT,
	FV_HOLD, FV_QUEUE, FV_BIN, FV_BOUT, FV_TSOQ, FV_UIN, FV_UOUT,
	FV_UREJ, FV_USTALE, FV_GRANTS, FV_SILENT, FV_RESIGN_IN, FV_COUNT
};

static const struct {
	const char *name, *type, *help;
} fv_fam[FV_COUNT] = {
	{ "rti_federate_logical_time", "gauge",
	    "Logical time of the federate." },
	{ "rti_federate_lookahead", "gauge",
	    "Lookahead of the federate (0 unless regulating)." },
	{ "rti_federate_galt", "gauge",
	    "Greatest available logical time of the federate (absent: "
	    "undefined)." },
	{ "rti_federate_regulating", "gauge",
	    "1 when the federate is time regulating." },
	{ "rti_federate_constrained", "gauge",
	    "1 when the federate is time constrained." },
	{ "rti_federate_advancing", "gauge",
	    "1 while a time advance request of the federate is pending." },
	{ "rti_federate_waiting", "gauge",
	    "1 while the federate's time advance waits for its GALT." },
	{ "rti_federate_holds_galt", "gauge",
	    "1 when the federate's output bound sets the GALT that others "
	    "wait for." },
	{ "rti_federate_output_queue_bytes", "gauge",
	    "Bytes queued by rtiexec to the federate's connection." },
	{ "rti_federate_received_bytes_total", "counter",
	    "Bytes rtiexec received from the federate's connection." },
	{ "rti_federate_sent_bytes_total", "counter",
	    "Bytes rtiexec queued to the federate's connection." },
	{ "rti_federate_queued_tso_messages", "gauge",
	    "TSO messages sent to the federate that its grants have not "
	    "passed yet." },
	{ "rti_federate_udp_datagrams_received_total", "counter",
	    "Best-effort datagrams rtiexec took from the federate." },
	{ "rti_federate_udp_datagrams_sent_total", "counter",
	    "Best-effort datagrams rtiexec sent to the federate." },
	{ "rti_federate_udp_datagrams_rejected_total", "counter",
	    "Datagrams with the federate's token that rtiexec dropped." },
	{ "rti_federate_udp_datagrams_stale_total", "counter",
	    "Datagrams of the federate dropped as not newer than one "
	    "taken." },
	{ "rti_federate_time_advance_grants_total", "counter",
	    "Time advance grants rtiexec gave the federate." },
	{ "rti_federate_silent_seconds", "gauge",
	    "Seconds since rtiexec last read from the federate's "
	    "connection." },
	{ "rti_federate_heartbeat_resign_in_seconds", "gauge",
	    "Seconds before the heartbeat resigns the silent federate, at "
	    "the earliest (absent: it will not)." },
};

static void
sample_f64(struct mw *m, const char *name, const char *fx, const char *fed,
    double v)
{
	char buf[48];

	snprintf(buf, sizeof buf, "%.3f", v);
	sample(m, name, fx, fed, NULL, buf);
}

static void
fv_samples(struct mw *m, int what, struct federation *fx,
    const struct http_fview *v)
{
	uint32_t i;
	int i64 = fx->time_int64;

	for (i = 0; i < fx->n_feds; i++) {
		const struct tm_info *ti = &v[i].ti;
		const struct federate *f = v[i].f;
		struct conn_traffic t = { 0 };
		const char *fn = f->name;

		if (!v[i].ok && what <= FV_HOLD)
			continue;
		if (f->conn)
			conn_traffic(f->conn, &t);
		switch (what) {
		case FV_TIME:
			sample_time(m, fv_fam[what].name, fx->name, fn, i64,
			    ti->now);
			break;
		case FV_LOOKAHEAD:
			sample_time(m, fv_fam[what].name, fx->name, fn, i64,
			    ti->lookahead);
			break;
		case FV_GALT:
			if (ti->has_galt)
				sample_time(m, fv_fam[what].name, fx->name,
				    fn, i64, ti->galt);
			break;
		case FV_REG:
		case FV_CON:
		case FV_ADV:
		case FV_WAIT:
		case FV_HOLD:
			sample_u64(m, fv_fam[what].name, fx->name, fn, NULL,
			    what == FV_REG ? ti->regulating != 0 :
			    what == FV_CON ? ti->constrained != 0 :
			    what == FV_ADV ? ti->kind != 0 :
			    what == FV_WAIT ? v[i].waiting != 0 :
			    v[i].holder != 0);
			break;
		case FV_QUEUE:
			sample_u64(m, fv_fam[what].name, fx->name, fn, NULL,
			    http_queued(f));
			break;
		case FV_BIN:
			sample_u64(m, fv_fam[what].name, fx->name, fn, NULL,
			    t.bytes_in);
			break;
		case FV_BOUT:
			sample_u64(m, fv_fam[what].name, fx->name, fn, NULL,
			    t.bytes_out);
			break;
		case FV_TSOQ:
			if (v[i].ok)
				sample_u64(m, fv_fam[what].name, fx->name, fn,
				    NULL, ti->queued);
			break;
		case FV_UIN:
		case FV_UOUT:
		case FV_UREJ:
		case FV_USTALE:
			sample_u64(m, fv_fam[what].name, fx->name, fn, NULL,
			    what == FV_UIN ? t.udp.dg_in :
			    what == FV_UOUT ? t.udp.dg_out :
			    what == FV_UREJ ? t.udp.rejected : t.udp.stale);
			break;
		case FV_GRANTS:
			if (v[i].ok)
				sample_u64(m, fv_fam[what].name, fx->name, fn,
				    NULL, ti->grants);
			break;
		case FV_SILENT:
		case FV_RESIGN_IN: {
			double silent, left;

			http_silence(f, &silent, &left);
			if (what == FV_SILENT && silent >= 0)
				sample_f64(m, fv_fam[what].name, fx->name, fn,
				    silent);
			else if (what == FV_RESIGN_IN && left >= 0)
				sample_f64(m, fv_fam[what].name, fx->name, fn,
				    left);
			break;
		}
		}
	}
}

/* Per federation: its rates (events.h) and its events. */
static void
rate_metrics(struct mw *m, struct rti_server *srv)
{
	struct federation *fx;
	struct ev_rates r;

	family(m, "rti_federation_time_rate", "gauge",
	    "Logical time per wall second of the federation's time (the "
	    "smallest logical time of its regulating or constrained "
	    "federates): times real time with seconds of logical time.");
	for (fx = server_federations(srv); fx; fx = fx->next) {
		events_rates(fx, &r);
		if (r.have && r.have_time)
			sample_f64(m, "rti_federation_time_rate", fx->name,
			    NULL, r.time_rate);
	}
	family(m, "rti_federation_step_rate", "gauge",
	    "Time advance grants per wall second, the mean over the "
	    "federation's federates that were granted any.");
	for (fx = server_federations(srv); fx; fx = fx->next) {
		events_rates(fx, &r);
		if (r.have)
			sample_f64(m, "rti_federation_step_rate", fx->name,
			    NULL, r.step_rate);
	}
	family(m, "rti_federation_events_total", "counter",
	    "Events the federation's event log recorded.");
	for (fx = server_federations(srv); fx; fx = fx->next) {
		uint64_t dropped;
		uint64_t next = events_each(fx, UINT64_MAX, 0, NULL, NULL,
		    &dropped);

		sample_u64(m, "rti_federation_events_total", fx->name, NULL,
		    NULL, next - 1);
	}
}

/* Per federate and class: the counters of struct fed_counts. */
enum { CT_UPD, CT_REFL, CT_ISENT, CT_IRECV, CT_COUNT };

static const struct {
	const char *name, *help;
} ct_fam[CT_COUNT] = {
	{ "rti_updates_sent_total",
	    "Instance updates the federate sent, by object class." },
	{ "rti_reflections_received_total",
	    "Instance reflections the federate received, by the object "
	    "class it knows the instance as." },
	{ "rti_interactions_sent_total",
	    "Interactions the federate sent, by class." },
	{ "rti_interactions_received_total",
	    "Interactions the federate received, by the class it knows "
	    "them as." },
};

static void
ct_samples(struct mw *m, int what, struct federation *fx)
{
	const struct fom *fom = fx->fom;
	uint32_t i, c, n = what <= CT_REFL ? fom->n_oclasses :
	    fom->n_iclasses;

	for (i = 0; i < fx->n_feds; i++) {
		const struct fed_counts *k = &fx->feds[i]->cnt;
		const uint64_t *a = what == CT_UPD ? k->updates :
		    what == CT_REFL ? k->reflections :
		    what == CT_ISENT ? k->ic_sent : k->ic_received;

		if (!a)
			continue;
		for (c = 1; c <= n; c++)
			if (a[c])
				sample_u64(m, ct_fam[what].name, fx->name,
				    fx->feds[i]->name, what <= CT_REFL ?
				    fom->oclasses[c - 1].qname :
				    fom->iclasses[c - 1].qname, a[c]);
	}
}

static const char *
class_name(const struct fom *fom, int obj, uint32_t c)
{
	return obj ? fom->oclasses[c - 1].qname : fom->iclasses[c - 1].qname;
}

/* Per federate and class: the byte counters of struct fed_counts. */
static void
ct_bytes_metrics(struct mw *m, struct rti_server *srv)
{
	static const struct {
		const char *name, *help;
		size_t off;
		int obj;
	} fam[] = {
#define B(n, h, a, o) { n, h, offsetof(struct fed_counts, a), o }
		B("rti_updates_sent_bytes_total", "Bytes of the instance "
		    "updates the federate sent (class layers), by object "
		    "class.", upd_bytes, 1),
		B("rti_reflections_received_bytes_total", "Bytes of the "
		    "reflections the federate received (class layers), by "
		    "the object class it knows the instance as.",
		    refl_bytes, 1),
		B("rti_interactions_sent_bytes_total", "Bytes of the "
		    "interactions the federate sent (parameter blocks), by "
		    "class.", ic_sent_bytes, 0),
		B("rti_interactions_received_bytes_total", "Bytes of the "
		    "interactions the federate received (parameter blocks), "
		    "by the class it knows them as.", ic_recv_bytes, 0),
#undef B
	};
	struct federation *fx;
	size_t w;
	uint32_t i, c;

	for (w = 0; w < sizeof fam / sizeof fam[0] && !m->err; w++) {
		family(m, fam[w].name, "counter", fam[w].help);
		for (fx = server_federations(srv); fx; fx = fx->next) {
			const struct fom *fom = fx->fom;
			uint32_t n = fam[w].obj ? fom->n_oclasses :
			    fom->n_iclasses;

			for (i = 0; i < fx->n_feds; i++) {
				const uint64_t *a;

				memcpy(&a, (const char *)&fx->feds[i]->cnt +
				    fam[w].off, sizeof a);
				for (c = 1; a && c <= n; c++)
					if (a[c])
						sample_u64(m, fam[w].name,
						    fx->name,
						    fx->feds[i]->name,
						    class_name(fom,
						    fam[w].obj, c), a[c]);
			}
		}
	}
}

/* Per federate: what its librti suppressed, as it last reported. */
static void
source_metrics(struct mw *m, struct rti_server *srv)
{
	static const struct {
		const char *name, *help;
		size_t off;
	} fam[] = {
		{ "rti_source_suppressed_updates_total", "Instance updates "
		    "the federate's librti did not send because no "
		    "subscription wanted them, as last reported.",
		    offsetof(struct fed_source, updates) },
		{ "rti_source_suppressed_bytes_total", "Attribute value "
		    "bytes of those updates, as last reported.",
		    offsetof(struct fed_source, bytes) },
		{ "rti_source_suppressed_interactions_total", "Interactions "
		    "the federate's librti did not send because no "
		    "subscription wanted them, as last reported.",
		    offsetof(struct fed_source, interactions) },
	};
	struct federation *fx;
	size_t w;
	uint32_t i;

	for (w = 0; w < sizeof fam / sizeof fam[0] && !m->err; w++) {
		family(m, fam[w].name, "counter", fam[w].help);
		for (fx = server_federations(srv); fx; fx = fx->next)
			for (i = 0; i < fx->n_feds; i++) {
				uint64_t v;

				memcpy(&v, (const char *)&fx->feds[i]->src +
				    fam[w].off, sizeof v);
				sample_u64(m, fam[w].name, fx->name,
				    fx->feds[i]->name, NULL, v);
			}
	}
}

struct sync_cnt {
	struct mw *m;
	const char *fx;
};

static void
sync_sample(void *arg, const char *label, uint32_t n,
    const uint32_t *members, const uint8_t *achieved)
{
	struct sync_cnt *sc = arg;
	uint32_t i, left = 0;
	char num[16];

	(void)members;
	for (i = 0; i < n; i++)
		left += !achieved[i];
	add(sc->m, "rti_sync_point_waiting{federation=\"");
	label_value(sc->m, sc->fx);
	add(sc->m, "\",label=\"");
	label_value(sc->m, label);
	snprintf(num, sizeof num, "\"} %u\n", left);
	add(sc->m, num);
}

/* Per federation: save and restore (fedm_save_info). */
enum { SV_SAVE, SV_RESTORE, SV_SAVES, SV_RESTORES, SV_LAST, SV_COUNT };

static void
save_families(struct mw *m, struct rti_server *srv)
{
	static const struct {
		const char *name, *type, *help;
	} fam[SV_COUNT] = {
		{ "rti_save_in_progress", "gauge",
		    "1 from a federation save request until saved or not "
		    "saved." },
		{ "rti_restore_in_progress", "gauge",
		    "1 from a federation restore begun until restored or not "
		    "restored." },
		{ "rti_saves_total", "counter",
		    "Federation saves saved." },
		{ "rti_restores_total", "counter",
		    "Federation restores restored." },
		{ "rti_last_save_timestamp_seconds", "gauge",
		    "Unix time the file of the last federation save was "
		    "written (absent: none yet)." },
	};
	struct federation *fx;
	struct fedm_save_info si;
	int w;

	for (w = 0; w < SV_COUNT; w++) {
		family(m, fam[w].name, fam[w].type, fam[w].help);
		for (fx = server_federations(srv); fx; fx = fx->next) {
			fedm_save_info(fx, &si);
			if (w == SV_LAST && !si.last_written)
				continue;
			sample_u64(m, fam[w].name, fx->name, NULL, NULL,
			    w == SV_SAVE ? si.state != FEDM_SAVE_IDLE &&
			    si.state != FEDM_SAVE_RESTORING :
			    w == SV_RESTORE ? si.state == FEDM_SAVE_RESTORING :
			    w == SV_SAVES ? si.saves : w == SV_RESTORES ?
			    si.restores : (uint64_t)si.last_written);
		}
	}
}

/* The HTTP view's own bounds (http.c "Bounds"). */
static void
http_own_metrics(struct mw *m, const struct http_stats *hs)
{
	static const char *const name[] = { "rti_http_timeouts_total",
		"rti_http_evicted_total", "rti_http_rate_limited_total",
		"rti_http_documents_built_total",
		"rti_http_documents_cached_total" };
	static const char *const help[] = {
		"HTTP connections closed: no whole request in time.",
		("HTTP connections waiting for their request closed to make "
		    "room for a new one (--http-max-clients)."),
		"HTTP requests held back: too many on one connection.",
		"HTTP documents built.",
		"HTTP documents served again from the cache." };
	const uint64_t v[] = { hs->timeouts, hs->evicted, hs->rate_limited,
		hs->built, hs->cached };
	size_t i;

	for (i = 0; i < 5; i++) {
		family(m, name[i], "counter", help[i]);
		sample_u64(m, name[i], NULL, NULL, NULL, v[i]);
	}
}

/* The memory budget (budget.h) and the federations' bound. */
static void
budget_metrics(struct mw *m, const struct rti_server *srv)
{
	static const char *const name[] = { "rti_memory_budget_bytes",
		"rti_memory_held_bytes", "rti_memory_fom_bytes",
		"rti_memory_input_bytes", "rti_memory_save_bytes",
		"rti_memory_refused_total", "rti_federations",
		"rti_federations_max" };
	static const char *const help[] = {
		"What clients may make rtiexec hold in all (--max-memory).",
		"What clients make rtiexec hold now: FOMs, frames arriving, "
		    "output queues and saves.",
		"Of it, the federations' FOMs (an estimate: 4 times their "
		    "module texts).",
		"Of it, the input held for frames still arriving.",
		"Of it, saves being collected, written or restored.",
		"Creates, joins, saves, restores and frames refused for the "
		    "memory budget.",
		"Federations now.",
		"Federations at most (--max-federations)." };
	const struct federation *fx;
	struct budget_figures f;
	uint64_t v[8];
	uint32_t n = 0;
	size_t i;

	budget_figures(srv, &f);
	for (fx = server_federations(srv); fx; fx = fx->next)
		n++;
	v[0] = f.max;
	v[1] = f.total;
	v[2] = f.fom;
	v[3] = f.input;
	v[4] = f.save;
	v[5] = f.refused;
	v[6] = n;
	v[7] = server_cfg(srv)->max_federations;
	for (i = 0; i < 8; i++) {
		family(m, name[i], i == 5 ? "counter" : "gauge", help[i]);
		sample_u64(m, name[i], NULL, NULL, NULL, v[i]);
	}
}

/* The server's and the multicast module's counters, as srv_fam reads
 * them. */
struct metrics_snap {
	struct rti_stats s;
	struct mc_stats mc;
};

int
http_metrics(struct rti_server *srv, const struct http_stats *hs,
    struct evbuffer *out)
{
	const struct metrics_snap snap = { *server_stats(srv), *mc_stats(srv) },
	    *s = &snap;
	struct federation *fx;
	struct http_fview **views;
	struct mw m = { out, 0 };
	uint32_t n_fx = 0, k;
	int w;
	static const struct {
		const char *name, *type, *help;
		size_t off;
	} srv_fam[] = {
#define F(n, t, h, f) { n, t, h, offsetof(struct metrics_snap, f) }
		F("rti_frames_received_total", "counter",
		    "Frames rtiexec received.", s.frames_in),
		F("rti_frames_sent_total", "counter",
		    "Frames rtiexec queued to federates.", s.frames_out),
		F("rti_received_bytes_total", "counter",
		    "Bytes rtiexec received from federates.", s.bytes_in),
		F("rti_sent_bytes_total", "counter",
		    "Bytes rtiexec queued to federates.", s.bytes_out),
		F("rti_messages_routed_total", "counter",
		    "Updates and interactions delivered to a subscriber.",
		    s.routed),
		F("rti_messages_filtered_total", "counter",
		    "Updates and interactions rtiexec did not deliver to a "
		    "subscriber because of its regions or conditions.",
		    s.filtered),
		F("rti_connections_accepted_total", "counter",
		    "Federate connections accepted.", s.conns_total),
		F("rti_connections_refused_total", "counter",
		    "Federate connections refused by the connection bounds.",
		    s.conns_refused),
		F("rti_protocol_errors_total", "counter",
		    "Connections closed for a protocol error.",
		    s.protocol_errors),
		F("rti_slow_consumers_dropped_total", "counter",
		    "Federates disconnected as slow consumers.",
		    s.slow_consumers_dropped),
		F("rti_handshake_timeouts_total", "counter",
		    "Connections closed without a handshake in time.",
		    s.handshake_timeouts),
		F("rti_startups_evicted_total", "counter",
		    "Connections without a handshake closed to make room for "
		    "a newer one (--max-startups, "
		    "--per-source-max-startups).", s.startups_evicted),
		F("rti_udp_datagrams_received_total", "counter",
		    "Best-effort datagrams rtiexec took.", s.udp.dg_in),
		F("rti_udp_received_bytes_total", "counter",
		    "Bytes of the best-effort datagrams rtiexec took.",
		    s.udp.bytes_in),
		F("rti_udp_datagrams_sent_total", "counter",
		    "Best-effort datagrams rtiexec sent.", s.udp.dg_out),
		F("rti_udp_sent_bytes_total", "counter",
		    "Bytes of the best-effort datagrams rtiexec sent.",
		    s.udp.bytes_out),
		F("rti_udp_datagrams_rejected_total", "counter",
		    "Datagrams dropped: unknown token, another source, bad "
		    "MAC or frames, not joined, busy or held back.",
		    s.udp.rejected),
		F("rti_udp_datagrams_stale_total", "counter",
		    "Datagrams dropped: sequence number not newer.",
		    s.udp.stale),
		F("rti_udp_send_failed_total", "counter",
		    "Best-effort datagrams the socket refused (gone).",
		    s.udp.send_failed),
		F("rti_udp_sent_reliably_too_large_total", "counter",
		    "Best-effort frames sent on the stream: larger than a "
		    "datagram.", s.udp.too_large),
		F("rti_udp_sent_reliably_unconfirmed_total", "counter",
		    "Best-effort frames sent on the stream: no confirmed "
		    "datagram path.", s.udp.unconfirmed),
		F("rti_multicast_datagrams_sent_total", "counter",
		    "Group datagrams rtiexec sent (--multicast).", mc.dg_out),
		F("rti_multicast_sent_bytes_total", "counter",
		    "Bytes of the group datagrams rtiexec sent.",
		    mc.bytes_out),
		F("rti_multicast_send_failed_total", "counter",
		    "Group datagrams the socket refused (gone).",
		    mc.send_failed),
		F("rti_multicast_messages_total", "counter",
		    "Best-effort messages sent once to a group.", mc.messages),
		F("rti_multicast_deliveries_total", "counter",
		    "Members those messages were for.", mc.deliveries),
		F("rti_multicast_cut_values_total", "counter",
		    "Attribute values the members' local cut drops.", mc.cut),
		F("rti_multicast_joins_total", "counter",
		    "Join orders sent to federates.", mc.joins),
		F("rti_multicast_leaves_total", "counter",
		    "Leave orders sent to federates.", mc.leaves),
		F("rti_multicast_join_failed_total", "counter",
		    "Joins federates could not make (unicast instead).",
		    mc.join_failed),
		F("rti_multicast_groups", "gauge",
		    "Multicast groups with members or joining.", mc.groups),
		F("rti_multicast_members", "gauge",
		    "Group memberships federates confirmed.", mc.members),
#undef F
	};
	size_t i;

	for (i = 0; i < sizeof srv_fam / sizeof srv_fam[0]; i++) {
		uint64_t v;

		memcpy(&v, (const char *)s + srv_fam[i].off, sizeof v);
		family(&m, srv_fam[i].name, srv_fam[i].type, srv_fam[i].help);
		sample_u64(&m, srv_fam[i].name, NULL, NULL, NULL, v);
	}
	family(&m, "rti_connections", "gauge", "Federate connections open.");
	sample_u64(&m, "rti_connections", NULL, NULL, NULL,
	    server_n_conns(srv));
	family(&m, "rti_output_queue_bytes", "gauge",
	    "Bytes queued to every federate connection together.");
	sample_u64(&m, "rti_output_queue_bytes", NULL, NULL, NULL,
	    server_out_total(srv));
	budget_metrics(&m, srv);
	family(&m, "rti_http_clients", "gauge", "HTTP connections open.");
	sample_u64(&m, "rti_http_clients", NULL, NULL, NULL, hs->clients);
	family(&m, "rti_http_output_bytes", "gauge",
	    "Bytes of responses queued to HTTP connections.");
	sample_u64(&m, "rti_http_output_bytes", NULL, NULL, NULL,
	    hs->output_bytes);
	family(&m, "rti_http_requests_total", "counter",
	    "HTTP requests answered.");
	sample_u64(&m, "rti_http_requests_total", NULL, NULL, NULL,
	    hs->requests);
	family(&m, "rti_http_refused_total", "counter",
	    "HTTP connections closed: over --http-max-clients.");
	sample_u64(&m, "rti_http_refused_total", NULL, NULL, NULL,
	    hs->refused);
	family(&m, "rti_http_too_large_total", "counter",
	    "HTTP requests answered 503: response over --http-max-output.");
	sample_u64(&m, "rti_http_too_large_total", NULL, NULL, NULL,
	    hs->too_large);
	family(&m, "rti_http_unauthorized_total", "counter",
	    "HTTP requests answered 401.");
	sample_u64(&m, "rti_http_unauthorized_total", NULL, NULL, NULL,
	    hs->unauthorized);
	http_own_metrics(&m, hs);

	for (fx = server_federations(srv); fx; fx = fx->next)
		n_fx++;
	if (!(views = calloc(n_fx + 1, sizeof *views)))
		return -1;
	k = 0;
	for (fx = server_federations(srv); fx; fx = fx->next)
		if (!(views[k++] = http_view(fx)))
			m.err = 1;
	family(&m, "rti_federates", "gauge", "Federates joined.");
	for (fx = server_federations(srv); fx; fx = fx->next)
		sample_u64(&m, "rti_federates", fx->name, NULL, NULL,
		    fx->n_feds);
	for (w = 0; w < FV_COUNT && !m.err; w++) {
		family(&m, fv_fam[w].name, fv_fam[w].type, fv_fam[w].help);
		k = 0;
		for (fx = server_federations(srv); fx; fx = fx->next, k++)
			fv_samples(&m, w, fx, views[k]);
	}
	for (w = 0; w < CT_COUNT && !m.err; w++) {
		family(&m, ct_fam[w].name, "counter", ct_fam[w].help);
		for (fx = server_federations(srv); fx; fx = fx->next)
			ct_samples(&m, w, fx);
	}
	ct_bytes_metrics(&m, srv);
	source_metrics(&m, srv);
	rate_metrics(&m, srv);
	family(&m, "rti_sync_point_waiting", "gauge",
	    "Members of a pending synchronization point that have not "
	    "achieved it.");
	for (fx = server_federations(srv); fx; fx = fx->next) {
		struct sync_cnt sc = { &m, fx->name };

		fedm_sync_each(fx, sync_sample, &sc);
	}
	save_families(&m, srv);
	for (k = 0; k < n_fx; k++)
		free(views[k]);
	free(views);
	return m.err ? -1 : 0;
}
