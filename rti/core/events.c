/* SPDX-License-Identifier: Apache-2.0 */
/*
 * events.c - what the operator's view keeps of each federation
 * (events.h): the event ring, the rate samples and the departed
 * federates' class traffic.  Core: any module records here; the samples
 * are taken by the HTTP view (http_events.c), which alone reads TM.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "events.h"
#include "server.h"

struct ev_slot {
	uint64_t seq;
	int64_t time_ms;
	int8_t kind, why;
	char *federate;           /* malloc'd or NULL */
	char *detail;
};

/* The departed federates' counters, per class: the eight arrays of
 * struct fed_counts, each of `noc` (the first four) or `nic` entries. */
enum { GONE_N = 8, GONE_OBJ = 4 };

struct fx_history {
	struct ev_slot *ring;     /* `cap` slots, `n` used from `head` */
	uint32_t cap, n, head;
	uint64_t next_seq;
	uint64_t dropped;         /* out of the ring, or never in it */
	struct ev_sample s[EVENTS_SAMPLES];
	uint32_t ns, sh;          /* samples kept; the oldest's index */
	uint64_t gone_grants;
	size_t noc, nic;
	uint64_t *gone;           /* NULL until a federate left */
};

static const char *const kind_names[EV_KIND_COUNT] = {
	[EV_CREATED] = "created",
	[EV_JOINED] = "joined",
	[EV_RESIGNED] = "resigned",
	[EV_SAVE_REQUESTED] = "save_requested",
	[EV_SAVE_BEGUN] = "save_begun",
	[EV_SAVE_DONE] = "save_done",
	[EV_SAVE_FAILED] = "save_failed",
	[EV_RESTORE_REQUESTED] = "restore_requested",
	[EV_RESTORE_BEGUN] = "restore_begun",
	[EV_RESTORE_DONE] = "restore_done",
	[EV_RESTORE_FAILED] = "restore_failed",
	[EV_SYNC_REGISTERED] = "sync_registered",
	[EV_SYNC_DONE] = "sync_done",
	[EV_FOM_ADDED] = "fom_modules_added",
	[EV_SLOW_CONSUMER] = "slow_consumer_dropped",
};

static const char *const why_names[EV_WHY_COUNT] = {
	[EV_WHY_ASKED] = "asked",
	[EV_WHY_HEARTBEAT] = "heartbeat",
	[EV_WHY_CONNECTION_LOST] = "connection_lost",
	[EV_WHY_EVICTED] = "evicted",
	[EV_WHY_SLOW_CONSUMER] = "slow_consumer",
	[EV_WHY_SHUTDOWN] = "shutdown",
};

const char *
events_kind_name(int kind)
{
	return kind >= 0 && kind < EV_KIND_COUNT ? kind_names[kind] : "?";
}

const char *
events_why_name(int why)
{
	return why >= 0 && why < EV_WHY_COUNT ? why_names[why] : "?";
}

static struct fx_history *
hist_of(struct federation *fx)
{
	if (!fx->hist && (fx->hist = calloc(1, sizeof *fx->hist)))
		fx->hist->next_seq = 1;
	return fx->hist;
}

static void
slot_clear(struct ev_slot *s)
{
	free(s->federate);
	free(s->detail);
	memset(s, 0, sizeof *s);
}

static int64_t
wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Append one event (strings copied); counted as dropped on ENOMEM. */
static void
ring_add(struct federation *fx, int kind, int why, const char *federate,
    const char *detail)
{
	struct fx_history *h = hist_of(fx);
	struct ev_slot *s;

	if (!h)
		return;
	if (h->n == h->cap && h->cap < EVENTS_MAX) {
		uint32_t cap = h->cap ? h->cap * 2 : 32, i;
		struct ev_slot *r;

		if (cap > EVENTS_MAX)
			cap = EVENTS_MAX;
		if ((r = calloc(cap, sizeof *r))) {
			for (i = 0; i < h->n; i++)
				r[i] = h->ring[(h->head + i) % h->cap];
			free(h->ring);
			h->ring = r;
			h->cap = cap;
			h->head = 0;
		}
	}
	if (h->cap == 0) {
		h->next_seq++;
		h->dropped++;
		return;
	}
	if (h->n == h->cap) {
		/* full: the oldest goes */
		slot_clear(&h->ring[h->head]);
		h->head = (h->head + 1) % h->cap;
		h->n--;
		h->dropped++;
	}
	s = &h->ring[(h->head + h->n) % h->cap];
	s->seq = h->next_seq++;
	s->time_ms = wall_ms();
	s->kind = (int8_t)kind;
	s->why = (int8_t)why;
	s->federate = federate ? strdup(federate) : NULL;
	s->detail = detail ? strdup(detail) : NULL;
	h->n++;
}

void
events_add(struct federation *fx, int kind, const struct federate *f,
    const char *fmt, ...)
{
	char d[EVENTS_DETAIL_MAX + 1];
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(d, sizeof d, fmt, ap);
		va_end(ap);
	}
	ring_add(fx, kind, -1, f ? f->name : NULL, fmt ? d : NULL);
}

void
events_leaving(struct federate *f, int why, const char *detail)
{
	if (f->leave_why != EV_WHY_ASKED || f->leave_detail)
		return;
	f->leave_why = why;
	if (detail)
		f->leave_detail = strdup(detail);
}

/* f's class counters added to the departed federates'. */
static void
keep_traffic(struct fx_history *h, const struct federate *f)
{
	const struct fed_counts *k = &f->cnt;
	const uint64_t *src[GONE_N] = { k->updates, k->reflections,
	    k->upd_bytes, k->refl_bytes, k->ic_sent, k->ic_received,
	    k->ic_sent_bytes, k->ic_recv_bytes };
	size_t noc = f->fx->fom->n_oclasses + 1;
	size_t nic = f->fx->fom->n_iclasses + 1, i, n;
	uint64_t *g, *p, *q;
	int j;

	if (!k->updates)
		return;
	if (noc > h->noc || nic > h->nic || !h->gone) {
		size_t on = noc > h->noc ? noc : h->noc;
		size_t in = nic > h->nic ? nic : h->nic;

		if (!(g = calloc(GONE_OBJ * (on + in), sizeof *g)))
			return;
		for (j = 0, p = g, q = h->gone; j < GONE_N && q; j++) {
			memcpy(p, q, (j < GONE_OBJ ? h->noc : h->nic) *
			    sizeof *g);
			p += j < GONE_OBJ ? on : in;
			q += j < GONE_OBJ ? h->noc : h->nic;
		}
		free(h->gone);
		h->gone = g;
		h->noc = on;
		h->nic = in;
	}
	for (j = 0, p = h->gone; j < GONE_N; j++) {
		n = j < GONE_OBJ ? noc : nic;
		for (i = 0; i < n; i++)
			p[i] += src[j][i];
		p += j < GONE_OBJ ? h->noc : h->nic;
	}
}

void
events_resigned(struct federate *f, int action)
{
	static const char *const actions[] = {
		"UnconditionallyDivestAttributes", "DeleteObjects",
		"CancelPendingOwnershipAcquisitions",
		"DeleteObjectsThenDivest",
		"CancelThenDeleteThenDivest", "NoAction"
	};
	struct fx_history *h = hist_of(f->fx);
	char d[EVENTS_DETAIL_MAX + 1];

	snprintf(d, sizeof d, "%s%sresign action %s",
	    f->leave_detail ? f->leave_detail : "",
	    f->leave_detail ? "; " : "",
	    action >= 0 && action < 6 ? actions[action] : "?");
	ring_add(f->fx, EV_RESIGNED, f->leave_why, f->name, d);
	if (!h)
		return;
	keep_traffic(h, f);
}

uint64_t
events_each(struct federation *fx, uint64_t after, uint32_t limit,
    void (*fn)(void *arg, const struct ev_entry *e), void *arg,
    uint64_t *dropped)
{
	struct fx_history *h = fx->hist;
	struct ev_entry e;
	uint32_t i, first, n = 0;

	*dropped = h ? h->dropped : 0;
	if (!h)
		return 1;
	/* the newest `limit` of those after `after` */
	for (i = h->n; i > 0 && n < limit &&
	    h->ring[(h->head + i - 1) % h->cap].seq > after; i--)
		n++;
	first = h->n - n;
	for (i = first; i < h->n; i++) {
		const struct ev_slot *s = &h->ring[(h->head + i) % h->cap];

		e.seq = s->seq;
		e.time_ms = s->time_ms;
		e.kind = s->kind;
		e.why = s->why;
		e.federate = s->federate;
		e.detail = s->detail;
		fn(arg, &e);
	}
	return h->next_seq;
}

uint64_t
events_gone_traffic(const struct federation *fx, int obj, int sent,
    int bytes, uint32_t cls)
{
	const struct fx_history *h = fx->hist;
	/* the order of keep_traffic's arrays */
	int j = obj ? (bytes ? 2 : 0) + !sent : 4 + (bytes ? 2 : 0) + !sent;
	size_t off;

	if (!h || !h->gone || cls >= (obj ? h->noc : h->nic))
		return 0;
	off = j < GONE_OBJ ? (size_t)j * h->noc :
	    GONE_OBJ * h->noc + (size_t)(j - GONE_OBJ) * h->nic;
	return h->gone[off + cls];
}

void
events_gone_grants_add(struct federation *fx, uint64_t n)
{
	struct fx_history *h = hist_of(fx);

	if (h)
		h->gone_grants += n;
}

void
events_sample_add(struct federation *fx, const struct ev_sample *s)
{
	struct fx_history *h = hist_of(fx);
	struct ev_sample *to;

	if (!h)
		return;
	if (h->ns < EVENTS_SAMPLES) {
		to = &h->s[(h->sh + h->ns) % EVENTS_SAMPLES];
		h->ns++;
	} else {
		to = &h->s[h->sh];
		h->sh = (h->sh + 1) % EVENTS_SAMPLES;
	}
	*to = *s;
	to->grants += h->gone_grants;
}

void
events_rates(struct federation *fx, struct ev_rates *out)
{
	const struct fx_history *h = fx->hist;
	const struct ev_sample *a, *b;
	double w;

	memset(out, 0, sizeof *out);
	if (!h || h->ns < 2)
		return;
	a = &h->s[h->sh];
	b = &h->s[(h->sh + h->ns - 1) % EVENTS_SAMPLES];
	if ((w = b->t - a->t) <= 0)
		return;
	out->have = 1;
	out->window = w;
	out->step_rate = b->grants >= a->grants ?
	    (double)(b->grants - a->grants) / w /
	    (b->granting ? b->granting : 1) : 0;
	if (a->have_time && b->have_time) {
		out->have_time = 1;
		out->time_rate = (b->time - a->time) / w;
		out->now = b->time;
	}
}

void
events_fx_free(struct federation *fx)
{
	struct fx_history *h = fx->hist;
	uint32_t i;

	if (!h)
		return;
	for (i = 0; i < h->n; i++)
		slot_clear(&h->ring[(h->head + i) % h->cap]);
	free(h->ring);
	free(h->gone);
	free(h);
	fx->hist = NULL;
}
