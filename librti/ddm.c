/*
 * ddm.c - filtering services of librti: subscription and send conditions,
 * DDM regions, the replica of the federation's subscription tables and the
 * source-side filter built on it (proto/match.h), and the statistics.
 *
 * Replica guarantee.  rtiexec pushes every change of a subscription
 * (WIRE_DDM_CB_SUB, numbered per receiver) to every other federate.  The
 * replica is applied when a frame is dispatched (with every replica frame
 * already received after it), before each request and evoke (frames read
 * while a reply was awaited), and, before any update or interaction would
 * be suppressed or when the socket was not read for DRAIN_NS (5 ms), from
 * every replica frame already received (read from the socket without
 * blocking, or queued in the input), in sequence; each is acknowledged
 * (WIRE_DDM_ACK) as soon as applied.  rtiexec holds the reply to a
 * subscription change until every publisher of the class has acknowledged
 * it, or for 200 ms (the publisher is then marked lagging and not waited
 * for until it catches up).  So:
 *  - an acknowledging publisher matches everything it sends after the
 *    subscribe call returned against the change;
 *  - a lagging one has not read its socket for 200 ms, so its next send
 *    drains the change (written to its socket before the subscriber's
 *    reply) and matches against it, widening or narrowing; the only
 *    exception is a change still held in rtiexec's output queue because
 *    the publisher's socket buffer is full.
 * Updates in flight to rtiexec while a subscription changes are matched
 * there against the new tables.  A late unsubscription only costs a
 * message rtiexec filters.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundle.h"
#include "ddmmodel.h"
#include "idmap.h"
#include "librti-int.h"
#include "match.h"

#define KIND_OC 0
#define KIND_IC 1
/* A send drains the socket first when it was not read for this long. */
#define DRAIN_NS 5000000ll
/* Attributes of an update whose answer a class bundle send remembers. */
#define MEMO_ATTRS 16

/* A federate's subscription of a class, as rtiexec pushed it; in the
 * replica by rep_key. */
struct rep {
	struct idmap_node node;
	uint64_t key;             /* rep_key(fed, kind, cls) */
	uint32_t fed, cls;
	uint8_t kind, flags;
	uint64_t *attrs;
	uint64_t **rattrs;        /* [i]: attributes subscribed with its
	                             region i (object classes) */
	uint32_t n_rattrs;
};

static void
rep_rattrs_free(struct rep *e)
{
	uint32_t i;

	for (i = 0; i < e->n_rattrs; i++)
		free(e->rattrs[i]);
	free(e->rattrs);
	e->rattrs = NULL;
	e->n_rattrs = 0;
}

struct ddm_state {
	uint32_t n_cls[2];
	size_t words;
	struct match_set **set[2];
	struct idmap reps;        /* the replica: rep by rep_key */
	uint32_t applied;         /* last replica sequence applied */
	uint32_t acked;           /* last one acknowledged (WIRE_DDM_ACK) */
	size_t seen_len;          /* amb->in.len at the last scan */
	long long synced_ns;      /* CLOCK_MONOTONIC of the last sync */
	struct ddm_model mdl;     /* this federate's regions, instances */
	uint32_t next_region;
	uint32_t **sub_regions[2];  /* [kind][cls]: regions subscribed */
	uint32_t *n_sub_regions[2];
	uint32_t *ids;            /* attribute handles of an update */
	size_t cap_ids;
	struct rti_statistics stats;
	/* ddm_send_bundle: inside one class bundle send, the positive answer
	 * for the instance of the last call, when it had no regions or
	 * condition (memo_valid 0 otherwise) */
	int in_bundle, memo_valid, memo_cond_null;
	uint32_t memo_cls, memo_applied, memo_n;
	uint32_t memo_attrs[MEMO_ATTRS];
};

#define JOINED_OR_RETURN(amb)                                          \
	do {                                                               \
		int rc_;                                                   \
		if (!(amb))                                                \
			return RTI_ERR_INVALID_ARGUMENT;                   \
		if ((rc_ = rti__check_joined(amb)) != RTI_OK)              \
			return rc_;                                        \
	} while (0)

static struct ddm_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_DDM];
}

/* ---- the replica ---- */

/* The key of (fed, kind, cls): class handles are below 2^31 (the FOM's
 * limits), so the three fit in 64 bits. */
static uint64_t
rep_key(uint32_t fed, int kind, uint32_t cls)
{
	return (uint64_t)fed << 32 | (uint64_t)cls << 1 | (uint64_t)kind;
}

static struct rep *
rep_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct rep, node) : NULL;
}

static inline struct rep *
rep_find(struct ddm_state *st, uint32_t fed, int kind, uint32_t cls)
{
	return rep_of(IDMAP_GET(&st->reps, rep_key(fed, kind, cls), struct rep,
	    node, key));
}

static void
rep_free(struct rep *e)
{
	rep_rattrs_free(e);
	free(e->attrs);
	free(e);
}

static void
rep_drop_fed(struct ddm_state *st, uint32_t fed)
{
	struct idmap_iter it;
	struct rep *e;
	int k;
	uint32_t c;

	idmap_iter_init(&st->reps, &it);
	while ((e = rep_of(idmap_iter_next(&st->reps, &it))))
		if (e->fed == fed) {
			idmap_del(&st->reps, &e->node);
			rep_free(e);
		}
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			if (st->set[k][c])
				match_set_remove_owner(st->set[k][c], fed);
}

/*
 * Apply a replica frame (WIRE_DDM_CB_SUB or _FED_GONE payload) unless its
 * sequence number was applied already.  0, or -1 when malformed.
 */
static int
rep_apply(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct ddm_state *st = st_of(amb);
	uint32_t seq = wire_get_u32(rd), fed = wire_get_u32(rd);
	uint32_t cls, n, i, j, nc, m, nr;
	const char *conds[64];
	struct match_range rg[64][16];
	uint32_t rn[64], ran[64];
	const uint8_t *ra[64];
	uint8_t kind, flags;
	const uint8_t *attrs;
	struct match_set *s;
	struct rep *e;

	if (type == WIRE_DDM_CB_FED_GONE) {
		if (!wire_rd_done(rd))
			return -1;
		if (st && seq > st->applied) {
			st->applied = seq;
			rep_drop_fed(st, fed);
		}
		return 0;
	}
	kind = wire_get_u8(rd);
	cls = wire_get_u32(rd);
	flags = wire_get_u8(rd);
	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	nc = wire_get_count(rd, 5);
	if (rd->err || nc > 64 || kind > KIND_IC)
		return -1;
	for (i = 0; i < nc; i++)
		conds[i] = wire_get_str(rd, MATCH_MAX_COND);
	m = wire_get_count(rd, 4);
	if (rd->err || m > 64)
		return -1;
	for (i = 0; i < m; i++) {
		rn[i] = wire_get_count(rd, 20);
		if (rn[i] > 16)
			return -1;
		for (j = 0; j < rn[i]; j++) {
			rg[i][j].dim = wire_get_u32(rd);
			rg[i][j].lo = wire_get_u64(rd);
			rg[i][j].hi = wire_get_u64(rd);
		}
		ran[i] = wire_get_count(rd, 4);
		ra[i] = wire_get_raw(rd, (size_t)ran[i] * 4);
	}
	if (!wire_rd_done(rd))
		return -1;
	if (!st || seq <= st->applied)
		return 0;
	if (cls == 0 || cls > st->n_cls[kind])
		return -1;
	st->applied = seq;
	e = rep_find(st, fed, kind, cls);
	if (!e) {
		e = calloc(1, sizeof *e);
		if (!e || !(e->attrs = calloc(st->words, sizeof *e->attrs))) {
			free(e);
			return -1;
		}
		e->fed = fed;
		e->kind = kind;
		e->cls = cls;
		e->key = rep_key(fed, kind, cls);
		idmap_put(&st->reps, &e->node);
	}
	e->flags = flags;
	memset(e->attrs, 0, st->words * sizeof *e->attrs);
	for (i = 0; i < n; i++) {
		uint32_t a = wire_get32(attrs + 4 * i);

		if (a / 64 < st->words)
			bset_add(e->attrs, a);
	}
	rep_rattrs_free(e);
	if (m && !(e->rattrs = calloc(m, sizeof *e->rattrs)))
		return -1;
	for (i = 0; i < m; i++) {
		if (!(e->rattrs[i] = calloc(st->words, sizeof **e->rattrs)))
			return -1;
		e->n_rattrs = i + 1;
		for (j = 0; j < ran[i]; j++) {
			uint32_t a = wire_get32(ra[i] + 4 * j);

			if (a / 64 < st->words)
				bset_add(e->rattrs[i], a);
		}
	}
	s = st->set[kind][cls];
	if (!s && !(s = st->set[kind][cls] = match_set_new()))
		return -1;
	match_set_remove_owner(s, fed);
	for (j = 0; j < (nc ? nc : 1); j++) {
		const char *c = nc ? conds[j] : NULL;

		if (flags & WIRE_DDMF_PLAIN)
			(void)match_set_add(s, fed, NULL, 0, c);
		for (i = 0; i < m; i++) {
			(void)match_region_sort(rg[i], rn[i]);
			nr = rn[i];
			(void)match_set_add_tag(s, fed, i + 1, rg[i], nr, c);
		}
	}
	return 0;
}

/* Acknowledge the replica frames applied (rtiexec holds the reply to a
 * subscription change until then). */
static void
ack(rti_ambassador *amb)
{
	struct ddm_state *st = st_of(amb);
	struct wire_buf *b;
	size_t off;

	if (!st || st->applied == st->acked || amb->lost)
		return;
	b = rti__msg_begin(amb, WIRE_DDM_ACK, &off);
	wire_put_u32(b, st->applied);
	if (rti__msg_end(amb, off, 1) == RTI_OK)
		st->acked = st->applied;
}

static long long
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Read the socket without blocking (`lazy`: only when the last read left
 * bytes in it or it was not read here for DRAIN_NS), then apply and
 * acknowledge the replica frames in the input from in_off; with `scan` 0
 * only when the input changed since the last scan.  Other frames stay in
 * the input, in order, for evoke.  1 when one was applied. */
static int
sync_replica_scan(rti_ambassador *amb, int scan, int lazy)
{
	struct ddm_state *st = st_of(amb);
	uint32_t before = st->applied, len;
	uint16_t type, flags;
	long long now = mono_ns();
	size_t off;
	int i;

	if (!lazy || !amb->rd_empty || now - st->synced_ns > DRAIN_NS) {
		for (i = 0; i < 64 && rti__read_some(amb) > 0; i++)
			;
		st->synced_ns = now;
	}
	scan |= amb->in.len != st->seen_len;
	st->seen_len = amb->in.len;
	for (off = amb->in_off; scan && off < amb->in.len;) {
		struct wire_rd rd;

		if (wire_frame_peek(amb->in.data + off, amb->in.len - off,
		    UINT32_MAX, &type, &flags, &len) <= 0 ||
		    amb->in.len - off - WIRE_HEADER_SIZE < len)
			break;
		if (type == WIRE_DDM_CB_SUB || type == WIRE_DDM_CB_FED_GONE) {
			wire_rd_init(&rd, amb->in.data + off +
			    WIRE_HEADER_SIZE, len);
			(void)rep_apply(amb, type, &rd);
		}
		off += WIRE_HEADER_SIZE + len;
	}
	ack(amb);
	return st->applied != before;
}

static int
sync_replica(rti_ambassador *amb)
{
	return sync_replica_scan(amb, 1, 0);
}

/* A replica frame is applied when it is delivered, with every one that
 * follows it already received, and acknowledged at once. */
static int
cb_replica(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	if (rep_apply(amb, type, rd) < 0)
		return -1;
	(void)sync_replica_scan(amb, 0, 0);
	return 0;
}

/* Before each request and evoke: apply and acknowledge the replica frames
 * that arrived (e.g. while a reply was awaited).  The socket is read only
 * when it may hold more (a system call per request or evoke is most of
 * the cost of a time step); evoke and the sends read it anyway. */
static void
ddm_flush(rti_ambassador *amb)
{
	if (st_of(amb))
		(void)sync_replica_scan(amb, 0, 1);
}

struct want_ctx {
	struct ddm_state *st;
	rti_ambassador *amb;
	int kind;
	uint32_t k, cls;
	const struct rti_attribute_value *v;
	size_t n;
};

/* Does `owner`'s entry at class ctx->k take it (it subscribes there and no
 * more specific class of ctx->cls, and to one of the attributes)? */
static int
want_cb(uint32_t owner, uint32_t tag, void *arg)
{
	struct want_ctx *x = arg;
	const struct fom *fom = x->amb->fom;
	const uint64_t *attrs;
	struct rep *e;
	uint32_t j;
	size_t i;

	if (owner == x->amb->self.id)
		return 0;
	e = rep_find(x->st, owner, x->kind, x->k);
	if (!e || !(e->flags & WIRE_DDMF_SUBSCRIBED))
		return 0;
	for (j = x->cls; j && j != x->k; j = x->kind == KIND_OC ?
	    fom_oclass(fom, j)->parent : fom_iclass(fom, j)->parent) {
		struct rep *e2 = rep_find(x->st, owner, x->kind, j);

		if (e2 && (e2->flags & WIRE_DDMF_SUBSCRIBED))
			return 0;
	}
	if (x->kind == KIND_IC)
		return 1;
	/* an entry of a region covers the attributes subscribed with it */
	attrs = e->attrs;
	if (tag)
		attrs = tag <= e->n_rattrs ? e->rattrs[tag - 1] : NULL;
	for (i = 0; attrs && i < x->n; i++)
		if (bset_has(attrs, x->st->words, x->v[i].attribute.id))
			return 1;
	return 0;
}

static int
wants(rti_ambassador *amb, int kind, uint32_t cls, const char *cond,
    const struct match_region *q, uint32_t m,
    const struct rti_attribute_value *v, size_t n)
{
	struct ddm_state *st = st_of(amb);
	struct want_ctx x;
	uint32_t k, i;

	x.st = st;
	x.amb = amb;
	x.kind = kind;
	x.cls = cls;
	x.v = v;
	x.n = n;
	for (k = cls; k; k = kind == KIND_OC ?
	    fom_oclass(amb->fom, k)->parent :
	    fom_iclass(amb->fom, k)->parent) {
		struct match_set *s = st->set[kind][k];

		if (!s)
			continue;
		x.k = k;
		if (m == 0 && match_set_query_tag(s, NULL, cond, want_cb, &x))
			return 1;
		for (i = 0; i < m; i++)
			if (match_set_query_tag(s, &q[i], cond, want_cb, &x))
				return 1;
	}
	return 0;
}

/* Regions of the update of attributes v[0..n) of `in` into st->mdl.q
 * (ddm_update_regions): their number, 0 (the default region) on ENOMEM
 * as when one has none. */
static uint32_t
update_regions(struct ddm_state *st, const struct ddm_inst *in,
    const struct rti_attribute_value *v, size_t n)
{
	long m;
	size_t a;

	if (!in || !in->n_assoc || wire_grow((void **)&st->ids, &st->cap_ids,
	    n ? n : 1, sizeof *st->ids))
		return 0;
	for (a = 0; a < n; a++)
		st->ids[a] = v[a].attribute.id;
	m = ddm_update_regions(&st->mdl, in, st->ids, (uint32_t)n, 0);
	return m < 0 ? 0 : (uint32_t)m;
}

/* Does another federate want one of v[0..n) of `in` (each attribute
 * matched with its own update regions)? */
static int
wants_update(rti_ambassador *amb, const struct ddm_inst *in, uint32_t cls,
    const char *cond, const struct rti_attribute_value *v, size_t n)
{
	struct ddm_state *st = st_of(amb);
	uint32_t m = update_regions(st, in, v, n);
	size_t j;
	int uniform = 1;

	if (!wants(amb, KIND_OC, cls, cond, st->mdl.q, m, v, n))
		return 0;
	for (j = 1; in && j < n && uniform; j++)
		uniform = ddm_same_regions(&st->mdl, in, v[0].attribute.id,
		    v[j].attribute.id);
	if (uniform)
		return 1;
	for (j = 0; j < n; j++) {
		m = update_regions(st, in, v + j, 1);
		if (wants(amb, KIND_OC, cls, cond, st->mdl.q, m, v + j, 1))
			return 1;
	}
	return 0;
}

/*
 * Before a send is matched: drain the replica frames waiting in the socket
 * when it was not read for DRAIN_NS.  rtiexec answers a subscription
 * change once the publishers acknowledged it, or after 200 ms; a
 * publisher that did not acknowledge in time made no send call (and no
 * request or evoke) for far longer than DRAIN_NS, so its next send drains
 * the change first and matches against it, widening or narrowing.
 */
static void
drain_if_idle(rti_ambassador *amb, struct ddm_state *st)
{
	if (mono_ns() - st->synced_ns > DRAIN_NS)
		(void)sync_replica_scan(amb, 0, 0);
}

/* Was the last update of a class bundle send, without regions or
 * condition either, of the same attributes, in the same order, with the
 * same replica?  The memo is the last event's instance; its attributes
 * are compared here, so the memo depends on nothing OM keeps. */
static int
memo_hit(const struct ddm_state *st, uint32_t cls, const char *cond,
    const struct rti_attribute_value *v, size_t n)
{
	size_t i;

	if (!st->memo_valid || st->memo_cls != cls ||
	    st->memo_applied != st->applied ||
	    st->memo_cond_null != (cond == NULL))
		return 0;
	if (st->memo_n != n)
		return 0;
	for (i = 0; i < n; i++)
		if (st->memo_attrs[i] != v[i].attribute.id)
			return 0;
	return 1;
}

/* OM's send_bundle event: one drain for the whole bundle, a fresh memo. */
static void
ddm_send_bundle(rti_ambassador *amb, int on)
{
	struct ddm_state *st = st_of(amb);

	if (!st)
		return;
	if (on)
		drain_if_idle(amb, st);
	st->in_bundle = on;
	st->memo_valid = 0;
}

/*
 * OM's send_update event, the source-side filter: 1 when another
 * federate's subscription takes the update, 0 when none does; counts it
 * as sent or suppressed.  Inside a class bundle send (ddm_send_bundle),
 * the replica is drained once, not per instance, and an instance without
 * regions or condition updating the same attributes as the one before
 * shares its positive answer (memo_hit).
 */
static int
ddm_send_update(rti_ambassador *amb, uint32_t obj, uint32_t cls,
    const struct rti_attribute_value *v, size_t n, const char *cond)
{
	struct ddm_state *st = st_of(amb);
	struct ddm_inst *in;
	size_t i;
	int w, plain;

	if (!st)
		return 1;
	if (!st->in_bundle)
		drain_if_idle(amb, st);
	/* only instances given a condition or regions have an entry */
	in = ddm_inst_find(&st->mdl, obj);
	if (!cond || !*cond)
		cond = in ? in->cond : NULL;
	plain = st->in_bundle && (!cond || !*cond) && (!in || !in->n_assoc);
	if (plain && memo_hit(st, cls, cond, v, n)) {
		st->stats.updates_sent++;
		return 1;
	}
	w = wants_update(amb, in, cls, cond, v, n);
	if (!w && sync_replica(amb))
		w = wants_update(amb, in, cls, cond, v, n);
	st->memo_valid = 0;
	if (w && plain && n <= MEMO_ATTRS) {
		st->memo_valid = 1;
		st->memo_cond_null = cond == NULL;
		st->memo_cls = cls;
		st->memo_applied = st->applied;
		st->memo_n = (uint32_t)n;
		for (i = 0; i < n; i++)
			st->memo_attrs[i] = v[i].attribute.id;
	}
	if (w)
		st->stats.updates_sent++;
	else
		st->stats.updates_suppressed++;
	return w;
}

/* OM's send_interaction event: as ddm_send_update. */
static int
ddm_send_interaction(rti_ambassador *amb, uint32_t cls, const char *cond,
    const uint32_t *reg, uint32_t m)
{
	struct ddm_state *st = st_of(amb);
	long k;
	int w;

	if (!st)
		return 1;
	drain_if_idle(amb, st);
	if ((k = m ? ddm_regions_query(&st->mdl, reg, m) : 0) < 0)
		return 1;
	w = wants(amb, KIND_IC, cls, cond, st->mdl.q, (uint32_t)k, NULL, 0);
	if (!w && sync_replica(amb))
		w = wants(amb, KIND_IC, cls, cond, st->mdl.q, (uint32_t)k,
		    NULL, 0);
	if (w)
		st->stats.interactions_sent++;
	else
		st->stats.interactions_suppressed++;
	return w;
}

/* OM's received event: the statistics. */
static void
ddm_received(rti_ambassador *amb, int interaction, size_t n)
{
	struct ddm_state *st = st_of(amb);

	if (!st)
		return;
	if (interaction)
		st->stats.interactions_received += n;
	else
		st->stats.updates_received += n;
}

/* ---- conditions ---- */

static int
check_cond(rti_ambassador *amb, const char *cond, int empty_ok)
{
	if (!cond && empty_ok)
		return RTI_OK;
	if (!cond || (!*cond && !empty_ok) ||
	    strlen(cond) > RTI_MAX_CONDITION)
		return rti__fail(amb, RTI_ERR_INVALID_CONDITION,
		    "condition is NULL, empty or longer than %d bytes",
		    RTI_MAX_CONDITION);
	return RTI_OK;
}

static int
condition(rti_ambassador *amb, int kind, uint32_t cls, const char *cond,
    int add)
{
	struct wire_buf *b;
	int rc;

	JOINED_OR_RETURN(amb);
	if ((rc = check_cond(amb, cond, 0)) != RTI_OK)
		return rc;
	if (kind == KIND_OC && !fom_oclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls);
	if (kind == KIND_IC && !fom_iclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls);
	b = rti__req_begin(amb, WIRE_DDM_CONDITION);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	wire_put_u8(b, (uint8_t)add);
	wire_put_str(b, cond);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_add_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond)
{
	return condition(amb, KIND_OC, cls.id, cond, 1);
}

RTI_API int
rti_remove_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond)
{
	return condition(amb, KIND_OC, cls.id, cond, 0);
}

RTI_API int
rti_add_interaction_subscription_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *cond)
{
	return condition(amb, KIND_IC, cls.id, cond, 1);
}

RTI_API int
rti_remove_interaction_subscription_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *cond)
{
	return condition(amb, KIND_IC, cls.id, cond, 0);
}

/* ---- regions ---- */

static int
dim_ok(rti_ambassador *amb, uint32_t d)
{
	return fom_dim(amb->fom, d) != NULL;
}

static uint64_t
dim_upper(rti_ambassador *amb, uint32_t d)
{
	const struct fom_dimension *fd = fom_dim(amb->fom, d);

	return fd && fd->upper_bound ? fd->upper_bound : UINT64_C(4294967295);
}

/* The region `h` of this federate, or NULL with the error set in *rc. */
static struct ddm_region *
own_region(rti_ambassador *amb, uint32_t h, int *rc)
{
	struct ddm_region *g = ddm_region_find(&st_of(amb)->mdl, h);

	if (g)
		return g;
	if (h >> 16 && h >> 16 != amb->self.id)
		*rc = rti__fail(amb,
		    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE,
		    "region %u was created by federate %u", h, h >> 16);
	else
		*rc = rti__fail(amb, RTI_ERR_INVALID_REGION,
		    "region %u does not exist", h);
	return NULL;
}

static int
region_send(rti_ambassador *amb, const struct ddm_region *g)
{
	struct wire_buf *b = rti__req_begin(amb, WIRE_DDM_REGION_SET);
	uint32_t i;

	wire_put_u32(b, g->handle);
	wire_put_u32(b, g->n);
	for (i = 0; i < g->n; i++) {
		wire_put_u32(b, g->r[i].dim);
		wire_put_u64(b, g->r[i].lo);
		wire_put_u64(b, g->r[i].hi);
	}
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_create_region(rti_ambassador *amb, const rti_dimension_handle *dims,
    size_t n, rti_region_handle *out)
{
	struct ddm_state *st;
	struct ddm_region *g;
	struct match_range *r;
	size_t i;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!out || (n && !dims) || n > 16)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "out or dims is NULL, or more than 16 dimensions");
	for (i = 0; i < n; i++)
		if (!dim_ok(amb, dims[i].id))
			return rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
			    "dimension %u is not defined", dims[i].id);
	if (st->next_region >= 0xffff || amb->self.id > 0xffff)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "too many regions");
	if (!(r = calloc(n ? n : 1, sizeof *r)))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (i = 0; i < n; i++) {
		r[i].dim = dims[i].id;
		r[i].lo = 0;
		r[i].hi = dim_upper(amb, dims[i].id);
	}
	if (match_region_sort(r, (uint32_t)n) < 0) {
		free(r);
		return rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "a dimension is given twice");
	}
	g = ddm_region_set(&st->mdl, (amb->self.id << 16) |
	    (st->next_region + 1), r, (uint32_t)n);
	if (!g) {
		free(r);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	st->next_region++;
	if ((rc = region_send(amb, g)) != RTI_OK) {
		ddm_region_del(&st->mdl, g);
		return rc;
	}
	out->id = g->handle;
	return RTI_OK;
}

static struct match_range *
region_dim(rti_ambassador *amb, struct ddm_region *g, uint32_t d, int *rc)
{
	uint32_t i;

	if (!dim_ok(amb, d)) {
		*rc = rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "dimension %u is not defined", d);
		return NULL;
	}
	for (i = 0; i < g->n; i++)
		if (g->r[i].dim == d)
			return &g->r[i];
	*rc = rti__fail(amb,
	    RTI_ERR_REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION,
	    "region %u has no dimension %u", g->handle, d);
	return NULL;
}

RTI_API int
rti_set_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t lower, uint64_t upper)
{
	struct ddm_region *g;
	struct match_range *mr;
	int rc = RTI_OK;

	JOINED_OR_RETURN(amb);
	if (!(g = own_region(amb, r.id, &rc)) ||
	    !(mr = region_dim(amb, g, dim.id, &rc)))
		return rc;
	if (lower >= upper || upper > dim_upper(amb, dim.id))
		return rti__fail(amb, RTI_ERR_INVALID_RANGE_BOUND,
		    "range [%llu, %llu) on a dimension of upper bound %llu",
		    (unsigned long long)lower, (unsigned long long)upper,
		    (unsigned long long)dim_upper(amb, dim.id));
	mr->lo = lower;
	mr->hi = upper;
	return RTI_OK;
}

RTI_API int
rti_get_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t *lower, uint64_t *upper)
{
	struct ddm_region *g;
	struct match_range *mr;
	int rc = RTI_OK;

	JOINED_OR_RETURN(amb);
	if (!lower || !upper)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL output");
	if (!(g = own_region(amb, r.id, &rc)) ||
	    !(mr = region_dim(amb, g, dim.id, &rc)))
		return rc;
	*lower = mr->lo;
	*upper = mr->hi;
	return RTI_OK;
}

RTI_API int
rti_commit_region_modifications(rti_ambassador *amb,
    const rti_region_handle *regions, size_t n)
{
	struct ddm_region *g;
	size_t i;
	int rc = RTI_OK;

	JOINED_OR_RETURN(amb);
	if (n && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	for (i = 0; i < n; i++)
		if (!own_region(amb, regions[i].id, &rc))
			return rc;
	for (i = 0; i < n && rc == RTI_OK; i++) {
		g = ddm_region_find(&st_of(amb)->mdl, regions[i].id);
		rc = region_send(amb, g);
	}
	return rc;
}

static int
region_in_use(struct ddm_state *st, uint32_t h)
{
	uint32_t k, c, i;

	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			for (i = 0; i < st->n_sub_regions[k][c]; i++)
				if (st->sub_regions[k][c][i] == h)
					return 1;
	return ddm_assoc_uses(&st->mdl, h);
}

RTI_API int
rti_delete_region(rti_ambassador *amb, rti_region_handle r)
{
	struct ddm_state *st;
	struct ddm_region *g;
	struct wire_buf *b;
	int rc = RTI_OK;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!(g = own_region(amb, r.id, &rc)))
		return rc;
	if (region_in_use(st, r.id))
		return rti__fail(amb,
		    RTI_ERR_REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,
		    "region %u is in use", r.id);
	b = rti__req_begin(amb, WIRE_DDM_REGION_DELETE);
	wire_put_u32(b, r.id);
	if ((rc = rti__req_finish(amb, NULL)) == RTI_OK)
		ddm_region_del(&st->mdl, g);
	return rc;
}

/* Check regions[0..m) for use in the context of `kind`/`cls` and the
 * dimensions `attrs` allow (object classes). */
static int
check_regions(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m)
{
	size_t i, a;
	uint32_t k, d;
	int rc = RTI_OK;

	if (m && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	if (m > 64)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions");
	for (i = 0; i < m; i++) {
		struct ddm_region *g = own_region(amb, regions[i].id, &rc);

		if (!g)
			return rc;
		for (k = 0; k < g->n; k++) {
			int ok = 1;

			if (kind == KIND_IC) {
				const struct fom_iclass *ic =
				    fom_iclass(amb->fom, cls);

				for (d = 0, ok = 0; d < ic->n_dims; d++)
					ok |= ic->dims[d] == g->r[k].dim;
			}
			for (a = 0; kind == KIND_OC && ok && a < n; a++) {
				const struct fom_attribute *fa =
				    fom_attr(amb->fom, attrs[a].id);

				for (d = 0, ok = 0; fa && d < fa->n_dims; d++)
					ok |= fa->dims[d] == g->r[k].dim;
			}
			if (!ok)
				return rti__fail(amb,
				    RTI_ERR_INVALID_REGION_CONTEXT,
				    "dimension %u of region %u is not "
				    "available there", g->r[k].dim,
				    g->handle);
		}
	}
	return RTI_OK;
}

static int
check_class_attrs(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n)
{
	size_t i;

	if (kind == KIND_IC)
		return fom_iclass(amb->fom, cls) ? RTI_OK : rti__fail(amb,
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls);
	if (!fom_oclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls);
	if (n && !attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "attrs is NULL");
	if (n > 65536)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "too many attributes");
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(amb->fom, cls, attrs[i].id))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s",
			    attrs[i].id, fom_oclass(amb->fom, cls)->qname);
	return RTI_OK;
}

static int
sub_regions(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m, int sub)
{
	struct ddm_state *st;
	struct wire_buf *b;
	uint32_t *list, i, j, k;
	size_t x;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_class_attrs(amb, kind, cls, attrs, n)) != RTI_OK ||
	    (rc = check_regions(amb, kind, cls, attrs, sub ? n : 0, regions,
	    m)) != RTI_OK)
		return rc;
	if (sub && kind == KIND_OC && n == 0)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "empty attribute list");
	list = realloc(st->sub_regions[kind][cls],
	    (st->n_sub_regions[kind][cls] + m + 1) * sizeof *list);
	if (!list)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	st->sub_regions[kind][cls] = list;
	b = rti__req_begin(amb, sub ? WIRE_DDM_SUBSCRIBE :
	    WIRE_DDM_UNSUBSCRIBE);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	if (sub) {
		wire_put_u8(b, 1);
		wire_put_u32(b, (uint32_t)n);
		for (x = 0; x < n; x++)
			wire_put_u32(b, attrs[x].id);
	}
	wire_put_u32(b, (uint32_t)m);
	for (x = 0; x < m; x++)
		wire_put_u32(b, regions[x].id);
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	for (x = 0; x < m; x++) {
		uint32_t h = regions[x].id;

		for (i = j = 0; i < st->n_sub_regions[kind][cls]; i++)
			if (list[i] != h)
				list[j++] = list[i];
		if (sub)
			list[j++] = h;
		st->n_sub_regions[kind][cls] = j;
	}
	(void)k;
	return RTI_OK;
}

RTI_API int
rti_subscribe_object_class_attributes_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return sub_regions(amb, KIND_OC, cls.id, attrs, n, regions, m, 1);
}

RTI_API int
rti_unsubscribe_object_class_attributes_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_OC, cls.id, NULL, 0, regions, m, 0);
}

RTI_API int
rti_subscribe_interaction_class_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_IC, cls.id, NULL, 0, regions, m, 1);
}

RTI_API int
rti_unsubscribe_interaction_class_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_IC, cls.id, NULL, 0, regions, m, 0);
}

/* ---- instances ---- */

/*
 * Send the new send extent of instance `obj`: condition `cond` and
 * associations `as[0..n)` (taken on success); on success it replaces the
 * local one.  RTI_OK or the error.
 */
static int
inst_commit(rti_ambassador *amb, uint32_t obj, const char *cond,
    struct ddm_assoc *as, uint32_t n)
{
	struct ddm_state *st = st_of(amb);
	struct wire_buf *b;
	uint32_t i;
	int rc;

	b = rti__req_begin(amb, WIRE_DDM_INSTANCE);
	wire_put_u32(b, obj);
	wire_put_str(b, cond ? cond : "");
	wire_put_u32(b, n);
	for (i = 0; i < n; i++) {
		wire_put_u32(b, as[i].region);
		bset_put(b, as[i].attrs, st->words);
	}
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	if (!ddm_inst_set(&st->mdl, obj, cond, as, n))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	return RTI_OK;
}

static int
known_obj(rti_ambassador *amb, uint32_t obj, uint32_t *cls)
{
	rti_object_instance_handle o;
	rti_object_class_handle c;

	o.id = obj;
	if (rti_get_known_object_class_handle(amb, o, &c) != RTI_OK)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj);
	*cls = c.id;
	return RTI_OK;
}

RTI_API int
rti_set_object_instance_condition(rti_ambassador *amb,
    rti_object_instance_handle obj, const char *cond)
{
	struct ddm_state *st;
	struct ddm_assoc *as;
	uint32_t cls = 0, n;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_cond(amb, cond, 1)) != RTI_OK ||
	    (rc = known_obj(amb, obj.id, &cls)) != RTI_OK)
		return rc;
	as = ddm_assoc_copy(&st->mdl, ddm_inst_find(&st->mdl, obj.id), 0, &n);
	if (!as)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if ((rc = inst_commit(amb, obj.id, cond, as, n)) != RTI_OK)
		ddm_assoc_free(as, n);
	return rc;
}

RTI_API int
rti_register_object_instance_with_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name, const char *cond,
    rti_object_instance_handle *out)
{
	int rc;

	JOINED_OR_RETURN(amb);
	if ((rc = check_cond(amb, cond, 1)) != RTI_OK)
		return rc;
	rc = name ? rti_register_object_instance_with_name(amb, cls, name,
	    out) : rti_register_object_instance(amb, cls, out);
	if (rc != RTI_OK || !cond || !*cond)
		return rc;
	return rti_set_object_instance_condition(amb, *out, cond);
}

static int
associate(rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m, int add)
{
	struct ddm_state *st;
	struct ddm_inst *in;
	struct ddm_assoc *as;
	uint32_t cls = 0, k, i, j;
	size_t x, y;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = known_obj(amb, obj.id, &cls)) != RTI_OK ||
	    (rc = check_class_attrs(amb, KIND_OC, cls, attrs, n)) != RTI_OK ||
	    (rc = check_regions(amb, KIND_OC, cls, attrs, add ? n : 0,
	    regions, m)) != RTI_OK)
		return rc;
	in = ddm_inst_find(&st->mdl, obj.id);
	as = ddm_assoc_copy(&st->mdl, in, m, &k);
	if (!as)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (y = 0; y < m; y++) {
		for (i = 0; i < k && as[i].region != regions[y].id; i++)
			;
		if (i == k) {
			if (!add)
				continue;
			as[k].region = regions[y].id;
			as[k].attrs = calloc(st->words, sizeof *as[k].attrs);
			if (!as[k].attrs) {
				ddm_assoc_free(as, k);
				return rti__fail(amb, RTI_ERR_NO_MEMORY,
				    "out of memory");
			}
			k++;
		}
		for (x = 0; x < n; x++) {
			if (add)
				bset_add(as[i].attrs, attrs[x].id);
			else
				bset_del(as[i].attrs, attrs[x].id);
		}
	}
	for (i = j = 0; i < k; i++) {
		if (bset_empty(as[i].attrs, st->words)) {
			free(as[i].attrs);
			continue;
		}
		as[j++] = as[i];
	}
	if ((rc = inst_commit(amb, obj.id, in ? in->cond : NULL, as, j)) !=
	    RTI_OK)
		ddm_assoc_free(as, j);
	return rc;
}

RTI_API int
rti_associate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return associate(amb, obj, attrs, n, regions, m, 1);
}

RTI_API int
rti_unassociate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return associate(amb, obj, attrs, n, regions, m, 0);
}

RTI_API int
rti_register_object_instance_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m,
    rti_object_instance_handle *out)
{
	int rc;

	JOINED_OR_RETURN(amb);
	if ((rc = check_class_attrs(amb, KIND_OC, cls.id, attrs, n)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_OC, cls.id, attrs, n,
	    regions, m)) != RTI_OK)
		return rc;
	if ((rc = rti_register_object_instance(amb, cls, out)) != RTI_OK)
		return rc;
	return associate(amb, *out, attrs, n, regions, m, 1);
}

RTI_API int
rti_request_attribute_value_update_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len)
{
	int rc;
	struct wire_buf *b;
	size_t i;

	JOINED_OR_RETURN(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if ((rc = check_class_attrs(amb, KIND_OC, cls.id, attrs, n)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_OC, cls.id, attrs, n,
	    regions, m)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_DDM_REQUEST_UPDATE);
	wire_put_u32(b, cls.id);
	wire_put_blob(b, tag, tag_len);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	wire_put_u32(b, (uint32_t)m);
	for (i = 0; i < m; i++)
		wire_put_u32(b, regions[i].id);
	return rti__req_finish(amb, NULL);
}

/* The regions are checked here, the rest by OM, in the order of
 * rti_send_interaction: a joined federate, the tag, the regions, then the
 * class and the values. */
RTI_API int
rti_send_interaction_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len)
{
	int rc;

	if (amb && m > 64)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions");
	if (amb && m && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	JOINED_OR_RETURN(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (m && ((rc = check_class_attrs(amb, KIND_IC, cls.id, NULL, 0)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_IC, cls.id, NULL, 0,
	    regions, m)) != RTI_OK))
		return rc;
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, NULL,
	    NULL, NULL, regions, m);
}

/* ---- statistics ---- */

RTI_API int
rti_get_statistics(rti_ambassador *amb, struct rti_statistics *out)
{
	JOINED_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	*out = st_of(amb)->stats;
	return RTI_OK;
}

RTI_API int
rti_query_server_statistics(rti_ambassador *amb,
    struct rti_server_statistics *out)
{
	struct wire_rd rd;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	(void)rti__req_begin(amb, WIRE_DDM_STATS);
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	out->routed = wire_get_u64(&rd);
	out->filtered = wire_get_u64(&rd);
	out->frames_in = wire_get_u64(&rd);
	out->frames_out = wire_get_u64(&rd);
	out->bytes_in = wire_get_u64(&rd);
	out->bytes_out = wire_get_u64(&rd);
	out->slow_consumers_dropped = wire_get_u64(&rd);
	if (!wire_rd_done(&rd))
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	return RTI_OK;
}

/* ---- module hooks ---- */

static void
ddm_leave(rti_ambassador *amb)
{
	struct ddm_state *st = st_of(amb);
	struct idmap_iter it;
	struct rep *e;
	uint32_t k, c;

	if (!st)
		return;
	idmap_iter_init(&st->reps, &it);
	while ((e = rep_of(idmap_iter_next(&st->reps, &it))))
		rep_free(e);
	idmap_fini(&st->reps);
	for (k = 0; k < 2; k++) {
		for (c = 0; c <= st->n_cls[k]; c++) {
			if (st->set[k])
				match_set_free(st->set[k][c]);
			if (st->sub_regions[k])
				free(st->sub_regions[k][c]);
		}
		free(st->set[k]);
		free(st->sub_regions[k]);
		free(st->n_sub_regions[k]);
	}
	ddm_model_fini(&st->mdl);
	free(st->ids);
	free(st);
	amb->mod[RTI__MOD_DDM] = NULL;
}

static int
ddm_join(rti_ambassador *amb)
{
	struct ddm_state *st = calloc(1, sizeof *st);
	int k;

	if (!st)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	amb->mod[RTI__MOD_DDM] = st;
	st->n_cls[KIND_OC] = amb->fom->n_oclasses;
	st->n_cls[KIND_IC] = amb->fom->n_iclasses;
	st->words = bset_words(amb->fom->n_attrs);
	if (IDMAP_INIT(&st->reps, struct rep, node, key) < 0 ||
	    ddm_model_init(&st->mdl, st->words) < 0) {
		ddm_leave(amb);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	for (k = 0; k < 2; k++) {
		st->set[k] = calloc(st->n_cls[k] + 1, sizeof *st->set[k]);
		st->sub_regions[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->sub_regions[k]);
		st->n_sub_regions[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->n_sub_regions[k]);
		if (!st->set[k] || !st->sub_regions[k] ||
		    !st->n_sub_regions[k]) {
			ddm_leave(amb);
			return rti__fail(amb, RTI_ERR_NO_MEMORY,
			    "out of memory");
		}
	}
	return RTI_OK;
}

static const struct rti__cb_handler ddm_callbacks[] = {
	{ WIRE_DDM_CB_SUB, cb_replica },
	{ WIRE_DDM_CB_FED_GONE, cb_replica },
	{ 0, NULL }
};

static const struct rti__msg_out ddm_sends[] = {
	{ WIRE_DDM_REGION_SET, RTI__REQUEST },
	{ WIRE_DDM_REGION_DELETE, RTI__REQUEST },
	{ WIRE_DDM_SUBSCRIBE, RTI__REQUEST },
	{ WIRE_DDM_UNSUBSCRIBE, RTI__REQUEST },
	{ WIRE_DDM_CONDITION, RTI__REQUEST },
	{ WIRE_DDM_INSTANCE, RTI__REQUEST },
	{ WIRE_DDM_STATS, RTI__REQUEST },
	{ WIRE_DDM_REQUEST_UPDATE, RTI__REQUEST },
	{ WIRE_DDM_ACK, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__ddm_module = {
	.name = "DDM",
	.callbacks = ddm_callbacks,
	.sends = ddm_sends,
	.join = ddm_join,
	.leave = ddm_leave,
	.flush = ddm_flush,
	.send_update = ddm_send_update,
	.send_bundle = ddm_send_bundle,
	.send_interaction = ddm_send_interaction,
	.received = ddm_received,
};
