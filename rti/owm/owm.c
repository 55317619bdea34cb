/* SPDX-License-Identifier: Apache-2.0 */
/*
 * owm.c - ownership management: unconditional and negotiated divestiture,
 * acquisition (also if available), release denial, divestiture if wanted,
 * cancellations, ownership queries, and what resigning, dying,
 * unpublishing and deleting do to ownership.
 *
 * The owner of every attribute is OM's (om_owner/om_set_owner): one
 * federate or none.  Here lives what is in flight per instance: the
 * attributes under negotiated divestiture and the pending acquisitions,
 * oldest first.  Rule kept by every path: an attribute that is not under
 * negotiated divestiture is never left unowned while an eligible acquirer
 * waits for it (settle()).
 *
 * Its part of save and restore (the negotiations in progress) is
 * owm_save.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm.h"
#include "idmap.h"
#include "om.h"
#include "owm_int.h"

#define OWM_PRIVILEGE_TO_DELETE 1 /* HLAprivilegeToDeleteObject (fom.h) */

static const uint16_t batch_type[B_COUNT] = {
	[B_ACQUIRED] = WIRE_OWM_CB_ACQUIRED,
	[B_CONFIRM] = WIRE_OWM_CB_CONFIRM,
	[B_RELEASE] = WIRE_OWM_CB_RELEASE,
	[B_UNAVAILABLE] = WIRE_OWM_CB_UNAVAILABLE,
	[B_CANCELLED] = WIRE_OWM_CB_CANCELLED,
	[B_ASSUME] = WIRE_OWM_CB_ASSUME,
};

/* A request's instance and attribute set (ASET in wire.h), checked. */
struct aset {
	uint32_t obj;
	const void *tag;
	uint32_t tag_len;
	uint32_t n;
	const uint8_t *attrs;
	struct om_instance *in;
	uint32_t kc;              /* class the sender knows the instance as */
};

static struct owm_fx *
fxst(struct federation *fx)
{
	return owm_fxst(fx);
}

/* ---- in-flight state per instance ---- */

struct owm_obj *
owm_obj_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct owm_obj, node) : NULL;
}

/* The entry of instance `obj`; created when `create` is set.  NULL when
 * there is none (or on ENOMEM). */
static struct owm_obj *
obj_get(struct owm_fx *st, uint32_t obj, int create)
{
	struct owm_obj *oo = owm_obj_of(IDMAP_GET(&st->objs, obj,
	    struct owm_obj, node, obj));

	if (oo || !create)
		return oo;
	oo = calloc(1, sizeof *oo);
	if (!oo)
		return NULL;
	oo->obj = obj;
	idmap_put(&st->objs, &oo->node);
	return oo;
}

void
owm_obj_free(struct owm_obj *oo)
{
	free(oo->div);
	free(oo->pend);
	free(oo);
}

/* Unlink and free the entry of `obj`, if any. */
static void
obj_del(struct owm_fx *st, uint32_t obj)
{
	struct owm_obj *oo = obj_get(st, obj, 0);

	if (!oo)
		return;
	idmap_del(&st->objs, &oo->node);
	owm_obj_free(oo);
}

/* Drop `oo` when nothing is in flight on it any more. */
static void
gc(struct owm_fx *st, struct owm_obj *oo)
{
	if (oo && oo->n_div == 0 && oo->n_pend == 0)
		obj_del(st, oo->obj);
}

static int
div_has(const struct owm_obj *oo, uint32_t attr)
{
	size_t i;

	for (i = 0; oo && i < oo->n_div; i++)
		if (oo->div[i] == attr)
			return 1;
	return 0;
}

/* Needs room (prepare). */
static void
div_add(struct owm_obj *oo, uint32_t attr)
{
	if (!div_has(oo, attr) && oo->n_div < oo->cap_div)
		oo->div[oo->n_div++] = attr;
}

static void
div_del(struct owm_obj *oo, uint32_t attr)
{
	size_t i;

	for (i = 0; oo && i < oo->n_div; i++)
		if (oo->div[i] == attr) {
			oo->div[i] = oo->div[--oo->n_div];
			return;
		}
}

static struct owm_pend *
pend_find(struct owm_obj *oo, uint32_t fed, uint32_t attr)
{
	size_t i;

	for (i = 0; oo && i < oo->n_pend; i++)
		if (oo->pend[i].fed == fed && oo->pend[i].attr == attr)
			return &oo->pend[i];
	return NULL;
}

static void
pend_del_at(struct owm_obj *oo, size_t i)
{
	memmove(&oo->pend[i], &oo->pend[i + 1],
	    (oo->n_pend - i - 1) * sizeof *oo->pend);
	oo->n_pend--;
}

static void
pend_del(struct owm_obj *oo, uint32_t fed, uint32_t attr)
{
	struct owm_pend *p = pend_find(oo, fed, attr);

	if (p)
		pend_del_at(oo, (size_t)(p - oo->pend));
}

/* Does `fed` wait for an attribute of `oo`?  1 with *i its first entry. */
static int
pend_of(const struct owm_obj *oo, uint32_t fed, size_t *i)
{
	for (*i = 0; *i < oo->n_pend; (*i)++)
		if (oo->pend[*i].fed == fed)
			return 1;
	return 0;
}

/* Needs room (prepare). */
static void
pend_add(struct owm_obj *oo, uint32_t fed, uint32_t attr, int if_avail)
{
	struct owm_pend *p = pend_find(oo, fed, attr);

	if (p) {
		p->if_avail = p->if_avail && if_avail;
		return;
	}
	if (oo->n_pend == oo->cap_pend)
		return;
	p = &oo->pend[oo->n_pend++];
	p->fed = fed;
	p->attr = attr;
	p->if_avail = (uint8_t)(if_avail != 0);
}

/* May `fed` take `attr` of `in` now: still joined, knows the instance and
 * publishes the attribute at the class it knows it as? */
static int
eligible(struct federation *fx, struct om_instance *in, uint32_t fed,
    uint32_t attr)
{
	struct federate *g = server_federate(fx, fed);
	uint32_t kc = g ? om_known_class(in, fed) : 0;
	const uint64_t *pub = kc ? dm_published(g, kc) : NULL;

	return pub && (attr == OWM_PRIVILEGE_TO_DELETE ||
	    bset_has(pub, dm_words(fx), attr));
}

/* Index of the oldest eligible acquirer of `attr`, or -1.  With `prune`,
 * ineligible ones met on the way are dropped. */
static long
first_eligible(struct federation *fx, struct om_instance *in,
    struct owm_obj *oo, uint32_t attr, int prune)
{
	size_t i = 0;

	while (oo && i < oo->n_pend) {
		if (oo->pend[i].attr != attr) {
			i++;
		} else if (eligible(fx, in, oo->pend[i].fed, attr)) {
			return (long)i;
		} else if (prune) {
			pend_del_at(oo, i);
		} else {
			i++;
		}
	}
	return -1;
}

/* ---- callbacks produced by an operation ---- */

static void
batch_add(struct federation *fx, int k, uint32_t fed, uint32_t attr)
{
	struct owm_batch *b = &fxst(fx)->b[k];
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->e[i].fed == fed && b->e[i].attr == attr)
			return;
	if (wire_grow((void **)&b->e, &b->cap, b->n + 1, sizeof *b->e)) {
		rti_log(fx->srv, LOG_ERROR, "out of memory: ownership "
		    "callback for attribute %u to federate %u lost", attr,
		    fed);
		return;
	}
	b->e[b->n].fed = fed;
	b->e[b->n].attr = attr;
	b->n++;
}

static void
batches_begin(struct owm_fx *st)
{
	int k;

	for (k = 0; k < B_COUNT; k++) {
		st->b[k].n = 0;
		st->b[k].tag = NULL;
		st->b[k].tag_len = 0;
	}
}

/* Send batch `k` about instance `obj`: one frame per federate. */
static void
batch_send(struct federation *fx, int k, uint32_t obj)
{
	struct owm_fx *st = fxst(fx);
	struct owm_batch *b = &st->b[k];
	size_t i, j, off, cnt;
	uint32_t fed, m;

	for (i = 0; i < b->n; i++) {
		struct federate *g;

		if (!(fed = b->e[i].fed))
			continue;
		wire_buf_reset(&st->out);
		off = wire_frame_begin(&st->out, batch_type[k]);
		wire_put_u32(&st->out, obj);
		wire_put_blob(&st->out, b->tag, b->tag_len);
		cnt = st->out.len;
		wire_put_u32(&st->out, 0);
		for (j = i, m = 0; j < b->n; j++)
			if (b->e[j].fed == fed) {
				wire_put_u32(&st->out, b->e[j].attr);
				b->e[j].fed = 0;
				m++;
			}
		wire_patch_u32(&st->out, cnt, m);
		wire_frame_end(&st->out, off);
		g = server_federate(fx, fed);
		if (g && g->conn)
			conn_send_buf(g->conn, &st->out);
	}
	b->n = 0;
}

/* ---- transfers ---- */

/* `to` owns `attr` of `in` now; it is told with an acquisition
 * notification. */
static void
give(struct federation *fx, struct om_instance *in, struct owm_obj *oo,
    uint32_t attr, uint32_t to)
{
	om_set_owner(in, attr, to);
	div_del(oo, attr);
	pend_del(oo, to, attr);
	batch_add(fx, B_ACQUIRED, to, attr);
}

/*
 * `attr` of `in` is not (or no longer) under negotiated divestiture: if
 * unowned, the oldest eligible acquirer gets it; the acquirers still
 * waiting then ask the owner for a release, and those that asked only if
 * available are told it is unavailable.
 */
static void
settle(struct federation *fx, struct om_instance *in, struct owm_obj *oo,
    uint32_t attr)
{
	uint32_t owner = om_owner(in, attr);
	long first;
	size_t i;

	if (!owner && (first = first_eligible(fx, in, oo, attr, 1)) >= 0) {
		owner = oo->pend[first].fed;
		give(fx, in, oo, attr, owner);
	}
	for (i = 0; oo && i < oo->n_pend;) {
		struct owm_pend *p = &oo->pend[i];

		if (p->attr != attr) {
			i++;
		} else if (p->if_avail || !owner) {
			batch_add(fx, B_UNAVAILABLE, p->fed, attr);
			pend_del_at(oo, i);
		} else {
			batch_add(fx, B_RELEASE, owner, attr);
			i++;
		}
	}
}

/* The owner lets `attr` of `in` go unconditionally. */
static void
release_attr(struct federation *fx, struct om_instance *in,
    struct owm_obj *oo, uint32_t attr)
{
	om_set_owner(in, attr, 0);
	div_del(oo, attr);
	settle(fx, in, oo, attr);
}

/* Send what an operation on `in` produced, drop `oo` when idle, and
 * recompute relevance (turn updates on/off) when owners changed. */
static void
finish(struct federation *fx, struct om_instance *in, struct owm_obj *oo,
    int owners_changed)
{
	int k;

	for (k = 0; k < B_COUNT; k++)
		batch_send(fx, k, in->handle);
	gc(fxst(fx), oo);
	if (owners_changed)
		om_relevance(fx, in);
}

/* ---- request handlers ---- */

static uint32_t
aset_attr(const struct aset *a, uint32_t i)
{
	return wire_get32(a->attrs + 4 * (size_t)i);
}

/*
 * Read an ASET and check it: the instance is known to the sender, every
 * attribute is defined at the class it knows it as, none is given twice.
 * 0 to go on, 1 when refused (answered), -1 when malformed.
 */
static int
aset_read(struct conn *c, uint32_t serial, struct wire_rd *rd,
    struct aset *a)
{
	struct federation *fx = conn_fed(c)->fx;
	uint32_t i, j, x;

	a->obj = wire_get_u32(rd);
	a->tag = wire_get_blob(rd, &a->tag_len, WIRE_MAX_TAG);
	a->n = wire_get_count(rd, 4);
	a->attrs = wire_get_raw(rd, (size_t)a->n * 4);
	if (!wire_rd_done(rd))
		return -1;
	a->in = om_find(fx, a->obj);
	a->kc = a->in ? om_known_class(a->in, conn_fed(c)->handle) : 0;
	if (!a->kc)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", a->obj), 1;
	for (i = 0; i < a->n; i++) {
		x = aset_attr(a, i);
		if (!fom_oclass_has_attr(fx->fom, a->kc, x))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s", x,
			    fom_oclass(fx->fom, a->kc)->qname), 1;
		/* bounded: at most n_attrs distinct attributes pass */
		for (j = 0; j < i; j++)
			if (aset_attr(a, j) == x)
				return conn_replyf(c, serial,
				    RTI_ERR_INVALID_ARGUMENT,
				    "attribute %u given twice", x), 1;
	}
	return 0;
}

/* Every attribute of `a` is owned by the sender?  0, or 1 (answered). */
static int
need_owned(struct conn *c, uint32_t serial, const struct aset *a)
{
	uint32_t i, x;

	for (i = 0; i < a->n; i++) {
		x = aset_attr(a, i);
		if (om_owner(a->in, x) != conn_fed(c)->handle)
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_OWNED,
			    "attribute %u of instance %s is not owned by this "
			    "federate", x, a->in->name), 1;
	}
	return 0;
}

/*
 * The entry of `a`'s instance with room for everything one operation on
 * it may add, callbacks included; the batches are reset.  NULL after
 * answering NO_MEMORY.
 */
static struct owm_obj *
prepare(struct conn *c, uint32_t serial, const struct aset *a)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_fx *st = fxst(fx);
	struct owm_obj *oo = obj_get(st, a->obj, 1);
	size_t room;
	int k;

	batches_begin(st);
	if (!oo)
		goto oom;
	room = (oo->n_pend + a->n + 1) * ((size_t)fx->n_feds + 1);
	if (wire_grow((void **)&oo->pend, &oo->cap_pend, oo->n_pend + a->n + 1,
	    sizeof *oo->pend) ||
	    wire_grow((void **)&oo->div, &oo->cap_div, oo->n_div + a->n + 1,
	    sizeof *oo->div))
		goto oom;
	for (k = 0; k < B_COUNT; k++)
		if (wire_grow((void **)&st->b[k].e, &st->b[k].cap, room,
		    sizeof *st->b[k].e))
			goto oom;
	return oo;
oom:
	gc(st, oo);
	conn_reply(c, serial, RTI_ERR_NO_MEMORY, "out of memory", NULL, 0);
	return NULL;
}

static int
h_divest(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a) || !(oo = prepare(c, serial, &a)))
		return 0;
	for (i = 0; i < a.n; i++)
		release_attr(fx, a.in, oo, aset_attr(&a, i));
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 1);
	return 0;
}

static int
h_negotiate(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, k, x;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a))
		return 0;
	oo = obj_get(fxst(fx), a.obj, 0);
	for (i = 0; i < a.n; i++)
		if (div_has(oo, aset_attr(&a, i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_ALREADY_BEING_DIVESTED,
			    "attribute %u of instance %s is already being "
			    "divested", aset_attr(&a, i), a.in->name), 0;
	if (!(oo = prepare(c, serial, &a)))
		return 0;
	fxst(fx)->b[B_ASSUME].tag = a.tag;
	fxst(fx)->b[B_ASSUME].tag_len = a.tag_len;
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		div_add(oo, x);
		if (first_eligible(fx, a.in, oo, x, 1) >= 0) {
			batch_add(fx, B_CONFIRM, conn_fed(c)->handle, x);
			continue;
		}
		for (k = 0; k < fx->n_feds; k++) {
			struct federate *g = fx->feds[k];

			if (g != conn_fed(c) && eligible(fx, a.in, g->handle,
			    x))
				batch_add(fx, B_ASSUME, g->handle, x);
		}
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 0);
	return 0;
}

static int
h_confirm(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x;
	long p;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a))
		return 0;
	oo = obj_get(fxst(fx), a.obj, 0);
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		if (!div_has(oo, x))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,
			    "divestiture of attribute %u of instance %s was "
			    "not requested", x, a.in->name), 0;
		if (first_eligible(fx, a.in, oo, x, 0) < 0)
			return conn_replyf(c, serial,
			    RTI_ERR_NO_ACQUISITION_PENDING,
			    "no acquisition of attribute %u of instance %s is "
			    "pending", x, a.in->name), 0;
	}
	if (!(oo = prepare(c, serial, &a)))
		return 0;
	fxst(fx)->b[B_ACQUIRED].tag = a.tag;
	fxst(fx)->b[B_ACQUIRED].tag_len = a.tag_len;
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		p = first_eligible(fx, a.in, oo, x, 1);
		if (p >= 0)
			give(fx, a.in, oo, x, oo->pend[p].fed);
		settle(fx, a.in, oo, x);
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 1);
	return 0;
}

/* Acquisition and acquisition if available. */
static int
acquire(struct conn *c, uint32_t serial, struct wire_rd *rd, int if_avail)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	const uint64_t *pub;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x, owner;
	int rc, changed = 0;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	pub = dm_published(f, a.kc);
	if (!pub)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED,
		    "object class %s is not published",
		    fom_oclass(fx->fom, a.kc)->qname), 0;
	oo = obj_get(fxst(fx), a.obj, 0);
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		if (x != OWM_PRIVILEGE_TO_DELETE &&
		    !bset_has(pub, dm_words(fx), x))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_PUBLISHED,
			    "attribute %u of %s is not published", x,
			    fom_oclass(fx->fom, a.kc)->qname), 0;
		if (om_owner(a.in, x) == f->handle)
			return conn_replyf(c, serial,
			    RTI_ERR_FEDERATE_OWNS_ATTRIBUTES,
			    "this federate owns attribute %u of instance %s",
			    x, a.in->name), 0;
		if (if_avail && pend_find(oo, f->handle, x))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_ALREADY_BEING_ACQUIRED,
			    "attribute %u of instance %s is already being "
			    "acquired", x, a.in->name), 0;
	}
	if (!(oo = prepare(c, serial, &a)))
		return 0;
	if (!if_avail) {
		fxst(fx)->b[B_ACQUIRED].tag = a.tag;
		fxst(fx)->b[B_ACQUIRED].tag_len = a.tag_len;
		fxst(fx)->b[B_RELEASE].tag = a.tag;
		fxst(fx)->b[B_RELEASE].tag_len = a.tag_len;
	}
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		owner = om_owner(a.in, x);
		if (!owner) {
			give(fx, a.in, oo, x, f->handle);
			changed = 1;
		} else if (div_has(oo, x)) {
			pend_add(oo, f->handle, x, if_avail);
			batch_add(fx, B_CONFIRM, owner, x);
		} else if (if_avail) {
			batch_add(fx, B_UNAVAILABLE, f->handle, x);
		} else {
			pend_add(oo, f->handle, x, 0);
			batch_add(fx, B_RELEASE, owner, x);
		}
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, changed);
	return 0;
}

static int
h_acquire(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return acquire(c, serial, rd, 0);
}

static int
h_acquire_if(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return acquire(c, serial, rd, 1);
}

/* Release denied: the acquirers waiting for the attributes are told they
 * are unavailable (their requests end). */
static int
h_deny(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x;
	size_t k;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a) || !(oo = prepare(c, serial, &a)))
		return 0;
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		for (k = 0; k < oo->n_pend;) {
			if (oo->pend[k].attr != x || oo->pend[k].if_avail) {
				k++;
				continue;
			}
			batch_add(fx, B_UNAVAILABLE, oo->pend[k].fed, x);
			pend_del_at(oo, k);
		}
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 0);
	return 0;
}

/* Divestiture if wanted: the attributes someone waits for go to the
 * oldest eligible acquirer; the reply lists them. */
static int
h_if_wanted(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct wire_buf body;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x, m = 0;
	size_t cnt;
	long p;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a))
		return 0;
	wire_buf_init(&body);
	cnt = body.len;
	wire_put_u32(&body, 0);
	wire_buf_reserve(&body, (size_t)a.n * 4);
	if (body.oom || !(oo = prepare(c, serial, &a))) {
		if (body.oom)
			conn_reply(c, serial, RTI_ERR_NO_MEMORY,
			    "out of memory", NULL, 0);
		wire_buf_free(&body);
		return 0;
	}
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		p = first_eligible(fx, a.in, oo, x, 1);
		if (p < 0)
			continue;
		give(fx, a.in, oo, x, oo->pend[p].fed);
		settle(fx, a.in, oo, x);
		wire_put_u32(&body, x);
		m++;
	}
	wire_patch_u32(&body, cnt, m);
	conn_reply(c, serial, RTI_OK, NULL, body.data, body.len);
	wire_buf_free(&body);
	finish(fx, a.in, oo, m != 0);
	return 0;
}

static int
h_cancel_divest(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	if (need_owned(c, serial, &a))
		return 0;
	oo = obj_get(fxst(fx), a.obj, 0);
	for (i = 0; i < a.n; i++)
		if (!div_has(oo, aset_attr(&a, i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,
			    "divestiture of attribute %u of instance %s was "
			    "not requested", aset_attr(&a, i), a.in->name), 0;
	if (!(oo = prepare(c, serial, &a)))
		return 0;
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		div_del(oo, x);
		settle(fx, a.in, oo, x);
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 0);
	return 0;
}

static int
h_cancel_acquire(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct owm_obj *oo;
	struct aset a;
	uint32_t i, x;
	int rc;

	if ((rc = aset_read(c, serial, rd, &a)) != 0)
		return rc < 0 ? -1 : 0;
	oo = obj_get(fxst(fx), a.obj, 0);
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		if (om_owner(a.in, x) == conn_fed(c)->handle)
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_ALREADY_OWNED,
			    "attribute %u of instance %s is already owned by "
			    "this federate", x, a.in->name), 0;
		if (!pend_find(oo, conn_fed(c)->handle, x))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED,
			    "acquisition of attribute %u of instance %s was "
			    "not requested", x, a.in->name), 0;
	}
	if (!(oo = prepare(c, serial, &a)))
		return 0;
	for (i = 0; i < a.n; i++) {
		x = aset_attr(&a, i);
		pend_del(oo, conn_fed(c)->handle, x);
		batch_add(fx, B_CANCELLED, conn_fed(c)->handle, x);
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	finish(fx, a.in, oo, 0);
	return 0;
}

static int
h_query(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	uint32_t obj = wire_get_u32(rd), attr = wire_get_u32(rd), kc;
	struct om_instance *in;
	struct wire_buf *b;
	size_t off;

	if (!wire_rd_done(rd))
		return -1;
	in = om_find(fx, obj);
	kc = in ? om_known_class(in, conn_fed(c)->handle) : 0;
	if (!kc)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj), 0;
	if (!fom_oclass_has_attr(fx->fom, kc, attr))
		return conn_replyf(c, serial, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
		    "attribute %u is not an attribute of %s", attr,
		    fom_oclass(fx->fom, kc)->qname), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(conn_srv(c), WIRE_OWM_CB_INFORM, &off);
	wire_put_u32(b, obj);
	wire_put_u32(b, attr);
	wire_put_u32(b, om_owner(in, attr));
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* ---- hooks ---- */

/* The instance_removed event: the negotiations of `obj` end. */
static void
owm_removed(struct federation *fx, uint32_t obj)
{
	if (fxst(fx))
		obj_del(fxst(fx), obj);
}

/* The can_unpublish event: refused while `f` has a pending acquisition
 * of an attribute in `removed` (or of the privilege to delete when
 * `all`) on an instance it knows as `cls`. */
static int
owm_can_unpublish(struct federate *f, uint32_t cls,
    const uint64_t *removed, int all, char *msg, size_t len)
{
	struct federation *fx = f->fx;
	struct owm_fx *st = fxst(fx);
	size_t words = dm_words(fx), k;
	struct om_instance *in;
	struct owm_obj *oo;
	uint32_t x;

	if (!st)
		return 0;
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		if (om_known_class(in, f->handle) != cls ||
		    !(oo = obj_get(st, in->handle, 0)))
			continue;
		for (k = 0; k < oo->n_pend; k++) {
			x = oo->pend[k].attr;
			if (oo->pend[k].fed != f->handle ||
			    !(bset_has(removed, words, x) ||
			    (all && x == OWM_PRIVILEGE_TO_DELETE)))
				continue;
			snprintf(msg, len, "acquisition of attribute %u of "
			    "instance %s is pending", x, in->name);
			return RTI_ERR_OWNERSHIP_ACQUISITION_PENDING;
		}
	}
	return 0;
}

/* The unpublished event: on the instances `f` knows as `cls` it divests
 * the attributes in `removed` (the privilege to delete too when it
 * publishes nothing of `cls` any more) unconditionally, to waiting
 * acquirers; its pending acquisitions of them end. */
static void
owm_unpublished(struct federate *f, uint32_t cls, const uint64_t *removed)
{
	struct federation *fx = f->fx;
	struct owm_fx *st = fxst(fx);
	int all = dm_published(f, cls) == NULL, changed;
	size_t words = dm_words(fx), k;
	struct om_instance *in;
	struct owm_obj *oo;
	uint32_t i, x;

	if (!st)
		return;
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		if (om_known_class(in, f->handle) != cls)
			continue;
		batches_begin(st);
		oo = obj_get(st, in->handle, 0);
		for (k = 0; oo && k < oo->n_pend;) {
			x = oo->pend[k].attr;
			if (oo->pend[k].fed == f->handle &&
			    (bset_has(removed, words, x) ||
			    (all && x == OWM_PRIVILEGE_TO_DELETE)))
				pend_del_at(oo, k);
			else
				k++;
		}
		for (i = changed = 0; i < in->n_attrs; i++) {
			x = in->attrs[i];
			if (in->owner[i] != f->handle ||
			    !(bset_has(removed, words, x) ||
			    (all && x == OWM_PRIVILEGE_TO_DELETE)))
				continue;
			release_attr(fx, in, oo, x);
			changed = 1;
		}
		finish(fx, in, oo, changed);
	}
}

/* Action codes of enum rti_resign_action. */
static int
resign_cancels(int action)
{
	return action == RTI_RESIGN_CANCEL_PENDING_OWNERSHIP_ACQUISITIONS ||
	    action == RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
}

static int
resign_deletes(int action)
{
	return action == RTI_RESIGN_DELETE_OBJECTS ||
	    action == RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST ||
	    action == RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
}

static int
resign_divests(int action)
{
	return action == RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES ||
	    action == RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST ||
	    action == RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
}

/* Refuses an action that leaves pending acquisitions or owned attributes
 * (of instances it does not delete) behind. */
static int
owm_federate_can_resign(struct federate *f, int action, char *msg,
    size_t msglen)
{
	struct federation *fx = f->fx;
	struct owm_fx *st = fxst(fx);
	struct om_instance *in;
	struct idmap_iter it;
	struct owm_obj *oo;
	size_t i;

	if (st && !resign_cancels(action)) {
		idmap_iter_init(&st->objs, &it);
		while ((oo = owm_obj_of(idmap_iter_next(&st->objs, &it))))
			if (pend_of(oo, f->handle, &i)) {
				snprintf(msg, msglen, "acquisition of "
				    "attribute %u of instance %u is pending",
				    oo->pend[i].attr, oo->obj);
				return RTI_ERR_OWNERSHIP_ACQUISITION_PENDING;
			}
	}
	if (resign_divests(action))
		return RTI_OK;
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		if (resign_deletes(action) &&
		    om_owner(in, OWM_PRIVILEGE_TO_DELETE) == f->handle)
			continue;
		for (i = 0; i < in->n_attrs; i++)
			if (in->owner[i] == f->handle) {
				snprintf(msg, msglen, "this federate owns "
				    "attribute %u of instance %s",
				    in->attrs[i], in->name);
				return RTI_ERR_FEDERATE_OWNS_ATTRIBUTES;
			}
	}
	return RTI_OK;
}

/*
 * A federate leaves (resigns, or its connection died): its pending
 * acquisitions end, and it owns nothing afterwards but the instances OM
 * is about to delete for it.  Whatever else it owns is divested
 * unconditionally, whatever the action (a voluntary resign that would
 * leave attributes owned was refused by can_resign; a dead federate
 * cannot keep them), and waiting acquirers get it.
 */
static void
owm_federate_resign(struct federate *f, int action)
{
	struct federation *fx = f->fx;
	struct owm_fx *st = fxst(fx);
	struct om_instance *in;
	struct idmap_iter it;
	struct owm_obj *oo;
	size_t i;
	int changed;

	if (!st)
		return;
	idmap_iter_init(&st->objs, &it);
	while ((oo = owm_obj_of(idmap_iter_next(&st->objs, &it)))) {
		for (i = 0; i < oo->n_pend;)
			if (oo->pend[i].fed == f->handle)
				pend_del_at(oo, i);
			else
				i++;
		gc(st, oo);    /* may remove oo: the iterator is past it */
	}
	if (om_resign_deferred(fx))
		return; /* OM's sweep raises release_leavers */
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		if (resign_deletes(action) &&
		    om_owner(in, OWM_PRIVILEGE_TO_DELETE) == f->handle)
			continue;
		batches_begin(st);
		oo = obj_get(st, in->handle, 0);
		for (i = changed = 0; i < in->n_attrs; i++)
			if (in->owner[i] == f->handle) {
				release_attr(fx, in, oo, in->attrs[i]);
				changed = 1;
			}
		finish(fx, in, oo, changed);
	}
}

/* The release_leavers event (server.h). */
static void
owm_release_leavers(struct federation *fx, struct om_instance *in,
    uint32_t fed)
{
	struct owm_fx *st = fxst(fx);
	struct owm_obj *oo;
	uint32_t i, o;
	int changed = 0;

	if (!st)
		return;
	batches_begin(st);
	oo = obj_get(st, in->handle, 0);
	for (i = 0; i < in->n_attrs; i++) {
		o = in->owner[i];
		if (o && (fed ? o == fed : om_leaving(fx, o))) {
			release_attr(fx, in, oo, in->attrs[i]);
			changed = 1;
		}
	}
	finish(fx, in, oo, changed);
}

static int
owm_federation_init(struct federation *fx)
{
	struct owm_fx *st = calloc(1, sizeof *st);

	if (!st)
		return -1;
	fx->mod[MOD_OWM] = st;
	wire_buf_init(&st->out);
	return IDMAP_INIT(&st->objs, struct owm_obj, node, obj);
}

static void
owm_federation_fini(struct federation *fx)
{
	struct owm_fx *st = fxst(fx);
	struct idmap_iter it;
	struct owm_obj *oo;
	int b;

	if (!st)
		return;
	idmap_iter_init(&st->objs, &it);
	while ((oo = owm_obj_of(idmap_iter_next(&st->objs, &it))))
		owm_obj_free(oo);
	idmap_fini(&st->objs);
	for (b = 0; b < B_COUNT; b++)
		free(st->b[b].e);
	wire_buf_free(&st->out);
	free(st);
	fx->mod[MOD_OWM] = NULL;
}

static const struct msg_handler owm_handlers[] = {
	{ WIRE_OWM_DIVEST, 1, 1, h_divest },
	{ WIRE_OWM_NEGOTIATE, 1, 1, h_negotiate },
	{ WIRE_OWM_CONFIRM, 1, 1, h_confirm },
	{ WIRE_OWM_ACQUIRE, 1, 1, h_acquire },
	{ WIRE_OWM_ACQUIRE_IF, 1, 1, h_acquire_if },
	{ WIRE_OWM_DENY, 1, 1, h_deny },
	{ WIRE_OWM_IF_WANTED, 1, 1, h_if_wanted },
	{ WIRE_OWM_CANCEL_DIVEST, 1, 1, h_cancel_divest },
	{ WIRE_OWM_CANCEL_ACQUIRE, 1, 1, h_cancel_acquire },
	{ WIRE_OWM_QUERY, 1, 1, h_query },
	{ 0, 0, 0, NULL }
};

const struct module_ops owm_module = {
	.name = "OWM",
	.handlers = owm_handlers,
	.federation_init = owm_federation_init,
	.federation_fini = owm_federation_fini,
	.save_state = owm_save_state,
	.restore_stage = owm_restore_stage,
	.restore_apply = owm_restore_apply,
	.restore_discard = owm_restore_discard,
	.restore_sync = owm_restore_sync,
	.federate_can_resign = owm_federate_can_resign,
	.federate_resign = owm_federate_resign,
	.can_unpublish = owm_can_unpublish,
	.unpublished = owm_unpublished,
	.instance_removed = owm_removed,
	.release_leavers = owm_release_leavers,
};
