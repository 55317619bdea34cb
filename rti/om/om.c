/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om.c - object management: instance names and handles, registration and
 * discovery, bundled attribute updates routed per subscriber, interactions,
 * deletion, attribute value update requests, attribute relevance.
 *
 * Every message a federate sends is re-checked here: a malformed frame
 * closes its connection; a well-formed one with wrong handles or missing
 * rights is dropped whole, logged, and answered with a WIRE_NOTICE.
 *
 * The resign sweep is om_sweep.c; the update route om_route.c; the RTI's
 * own instances and interactions (the MOM's) om_rti.c; the per-federation
 * state's creation, growth and freeing om_state.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddm.h"
#include "dm.h"
#include "mc.h"
#include "om_int.h"
#include "tm.h"

#define OM_MAX_NAMES 65536

static struct om_fx *
fxst(struct federation *fx)
{
	return om_fxst(fx);
}

void
om_notice(struct conn *c, int err, const char *fmt, ...)
{
	struct wire_buf *b;
	char msg[512];
	va_list ap;
	size_t off;

	if (server_dispatch_dgram(conn_srv(c))) {
		/* best effort that cannot be carried out is simply gone */
		conn_dgram_refused(c);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rti_log(conn_srv(c), LOG_WARN, "federate %s (%u): %s (%s)",
	    conn_fed(c)->name,
	    conn_fed(c)->handle, msg, rti_err_name(err));
	server_federate_exception(conn_fed(c), err, msg);
	b = srv_frame(conn_srv(c), WIRE_NOTICE, &off);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, msg);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

/* ---- instances and names ---- */

struct om_name *
om_name_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct om_name, node) : NULL;
}

const struct om_leaver *
om_leaver_find(const struct om_pass *p, uint32_t fed)
{
	size_t lo = 0, hi = p->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (p->v[mid].fed < fed)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->n && p->v[lo].fed == fed ? &p->v[lo] : NULL;
}

/* om_doomed past its quick test: a leaver of a pass deletes `in`. */
int
om_doomed_by_leaver(const struct om_fx *st, const struct om_instance *in)
{
	const struct om_leaver *l;
	uint32_t o;
	int k;

	o = om_owner(in, OM_PRIVILEGE_TO_DELETE);
	for (k = 0; k < 2 && o; k++)
		if ((l = om_leaver_find(&st->pass[k], o)) && l->del)
			return 1;
	return 0;
}

struct om_instance *
om_find(struct federation *fx, uint32_t obj)
{
	struct om_fx *st = fxst(fx);
	struct om_instance *in;

	if (!st || !(in = om_lookup(st, obj)))
		return NULL;
	return om_doomed(st, in) ? NULL : in;
}

/* `in` or the first instance after it that is not doomed. */
static struct om_instance *
live_from(const struct om_fx *st, struct om_instance *in)
{
	while (in && om_doomed(st, in))
		in = in->next;
	return in;
}

struct om_instance *
om_first(struct federation *fx)
{
	return fxst(fx) ? live_from(fxst(fx), fxst(fx)->list) : NULL;
}

struct om_instance *
om_next(struct federation *fx, struct om_instance *in)
{
	return live_from(fxst(fx), in->next);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* st->cls_attrs[cls]: the attributes of `cls` and its ancestors,
 * ascending.  0, or -1 on ENOMEM. */
static int
class_attrs(struct om_fx *st, const struct fom *fom, uint32_t cls)
{
	uint32_t n, k, *v;

	if (st->cls_attrs[cls])
		return 0;
	for (n = 0, k = cls; k; k = fom_oclass(fom, k)->parent)
		n += fom_oclass(fom, k)->n_attrs;
	if (!(v = malloc((n ? n : 1) * sizeof *v)))
		return -1;
	for (n = 0, k = cls; k; k = fom_oclass(fom, k)->parent) {
		const struct fom_oclass *oc = fom_oclass(fom, k);

		if (oc->n_attrs)        /* HLAmanager has none (NULL) */
			memcpy(v + n, oc->attrs,
			    oc->n_attrs * sizeof *oc->attrs);
		n += oc->n_attrs;
	}
	qsort(v, n, sizeof *v, cmp_u32);
	st->cls_attrs[cls] = v;
	st->cls_n[cls] = n;
	return 0;
}

uint32_t
om_owner(const struct om_instance *in, uint32_t attr)
{
	int i = om_attr_index(in, attr);

	return i < 0 ? 0 : in->owner[i];
}

/* Recompute in->sole after its owners changed. */
void
om_sole_update(struct om_instance *in)
{
	uint32_t i, o = in->n_attrs ? in->owner[0] : 0;

	for (i = 1; i < in->n_attrs && o; i++)
		if (in->owner[i] != o)
			o = 0;
	in->sole = o;
}

int
om_set_owner(struct om_instance *in, uint32_t attr, uint32_t fed)
{
	int i = om_attr_index(in, attr);

	if (i < 0)
		return -1;
	in->owner[i] = fed;
	om_relevant(in)[i] = 0;
	om_sole_update(in);
	return 0;
}

/*
 * The knowers: known_in while they fit, then a heap array.  Its capacity
 * is not stored (memory per instance): it is at least 2n after a grow at
 * n, and the array is reallocated to 2n whenever an add finds n a power of
 * two of at least 4, so it always exceeds the count being added at.
 */
int
om_known_add(struct om_instance *in, uint32_t fed, uint32_t cls)
{
	uint32_t n = in->n_known;

	if (!in->known)
		in->known = in->known_in;
	if ((in->known == in->known_in && n == OM_KNOWN_INLINE) ||
	    (in->known != in->known_in && n >= 2 * OM_KNOWN_INLINE &&
	    (n & (n - 1)) == 0)) {
		struct om_known *k = in->known == in->known_in ?
		    malloc(2 * n * sizeof *k) : realloc(in->known,
		    2 * n * sizeof *k);

		if (!k)
			return -1;
		if (in->known == in->known_in)
			memcpy(k, in->known_in, sizeof in->known_in);
		in->known = k;
	}
	in->known[in->n_known].fed = fed;
	in->known[in->n_known].cls = cls;
	in->n_known++;
	return 0;
}

void
om_known_del(struct om_instance *in, uint32_t fed)
{
	uint32_t i;

	if (in->trans)
		om_transport_forget(in, fed);
	for (i = 0; i < in->n_known; i++)
		if (in->known[i].fed == fed) {
			in->known[i] = in->known[--in->n_known];
			return;
		}
}

struct om_name *
om_name_find(struct om_fx *st, const char *name)
{
	return om_name_of(idmap_get_str(&st->name_map, name));
}

struct om_name *
om_name_new(const char *name, uint32_t reserver)
{
	struct om_name *ne;
	size_t len;

	/* one block: the entry and its name (memory per instance;
	 * om_inst_name relies on it) */
	len = strlen(name) + 1;
	ne = malloc(sizeof *ne + len);
	if (!ne)
		return NULL;
	ne->name = (char *)(ne + 1);
	memcpy(ne->name, name, len);
	ne->inst = NULL;
	ne->reserver = reserver;
	return ne;
}

struct om_name *
om_name_add_to(struct idmap *map, const char *name, uint32_t reserver)
{
	struct om_name *ne = om_name_new(name, reserver);

	if (ne)
		idmap_put(map, &ne->node);
	return ne;
}

struct om_name *
om_name_add(struct om_fx *st, const char *name, uint32_t reserver)
{
	return om_name_add_to(&st->name_map, name, reserver);
}

void
om_name_del(struct om_fx *st, struct om_name *ne)
{
	idmap_del(&st->name_map, &ne->node);
	free(ne);
}

void
om_inst_free(struct om_instance *in)
{
	om_transport_free(in);
	if (in->known != in->known_in)
		free(in->known);
	free(in);
}

struct om_instance *
om_inst_new(struct federation *fx, struct om_fx *st, uint32_t cls,
    uint32_t handle, uint32_t registrar)
{
	struct om_instance *in;
	uint32_t n;

	if (class_attrs(st, fx->fom, cls) < 0)
		return NULL;
	/* one block: the instance, its owners and relevance flags */
	n = st->cls_n[cls];
	in = calloc(1, sizeof *in + n * (sizeof *in->owner + 1));
	if (!in)
		return NULL;
	in->handle = handle;
	in->cls = cls;
	in->registrar = registrar;
	in->n_attrs = n;
	in->attrs = st->cls_attrs[cls];
	return in;
}

void
om_inst_link(struct om_fx *st, struct om_instance *in)
{
	idmap_put(&st->inst_map, &in->hnode);
	in->next = st->list;
	if (st->list)
		st->list->prev = in;
	st->list = in;
}

/* Unlink and free `in` and its name. */
static void
inst_destroy(struct om_fx *st, struct om_instance *in)
{
	struct om_name *ne;

	idmap_del(&st->inst_map, &in->hnode);
	if (st->sweep_at == in)
		st->sweep_at = in->next;
	if (in->prev)
		in->prev->next = in->next;
	else
		st->list = in->next;
	if (in->next)
		in->next->prev = in->prev;
	ne = in->name ? om_name_find(st, in->name) : NULL;
	if (ne)
		om_name_del(st, ne);
	om_inst_free(in);
}

/* ---- sending ---- */

void
om_discover_wanting(struct federation *fx, struct om_instance *in,
    const struct dm_sub *r, size_t n, const struct federate *except)
{
	struct om_fx *st = om_fxst(fx);
	/* out of memory for the row: a match per route instead */
	int row = !wire_grow((void **)&st->want, &st->cap_want, n ? n : 1, 1);
	size_t i;

	if (row)
		(void)ddm_route_instances(fx, in->handle, r, n, st->want);
	for (i = 0; i < n; i++)
		if (r[i].f != except && !om_known_class(in, r[i].f->handle) &&
		    (row ? st->want[i] : ddm_route_instance(fx, &r[i],
		    in->handle)))
			om_discover(fx, in, r[i].f, r[i].known);
}

void
om_discover(struct federation *fx, struct om_instance *in, struct federate *to,
    uint32_t known)
{
	struct wire_buf *b;
	size_t off;

	if (om_known_add(in, to->handle, known) < 0) {
		rti_log(fx->srv, LOG_ERROR, "out of memory discovering %u",
		    in->handle);
		return;
	}
	if (!to->conn)
		return;
	b = srv_frame(fx->srv, WIRE_CB_DISCOVER, &off);
	wire_put_u32(b, in->handle);
	wire_put_u32(b, known);
	wire_put_u32(b, in->cls);
	wire_put_str(b, in->name);
	wire_put_u32(b, in->registrar);
	wire_frame_end(b, off);
	conn_send_buf(to->conn, b);
	om_condition_send(fx, in, to, 0);
}

void
om_hdr_put(struct wire_buf *w, const struct bundle_hdr *h, int tso)
{
	struct bundle_hdr ro;

	if (h && tso == ((h->flags & WIRE_OMF_TIMESTAMP) != 0)) {
		wire_put_raw(w, h->raw, h->raw_len);
		return;
	}
	memset(&ro, 0, sizeof ro);
	if (h) {
		ro.tag = h->tag;
		ro.tag_len = h->tag_len;
		ro.cond = h->cond;
		/* receive order keeps the sender's time (IEEE 1516-2010
		 * 8.1.1: the timestamp travels as the user-supplied time) */
		if (h->flags & (WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME)) {
			ro.flags = WIRE_OMF_USER_TIME;
			ro.time = h->time;
		}
	}
	(void)bundle_hdr_put(w, &ro);
}

int
om_tso_check(struct conn *c, const struct bundle_hdr *h, int *tso,
    const char *what)
{
	char msg[256];
	int err;

	*tso = 0;
	if (!(h->flags & WIRE_OMF_TIMESTAMP))
		return 0;
	msg[0] = '\0';
	err = tm_check_tso_send(conn_fed(c), h->time, tso, msg, sizeof msg);
	if (err != RTI_OK) {
		om_notice(c, err, "%s dropped: %s", what,
		    msg[0] ? msg : rti_strerror(err));
		return -1;
	}
	if (*tso)
		tm_tso_sent(conn_fed(c), h->time, h->retraction);
	return 0;
}

/* Send remove to every federate that knows `in` except `by` (a federate
 * handle, the producer), then destroy it.  `h` NULL: receive order, empty
 * tag. */
void
om_remove_instance(struct federation *fx, struct om_instance *in,
    uint32_t by, const struct bundle_hdr *h, int tso)
{
	struct om_fx *st = fxst(fx);
	uint32_t i;

	for (i = 0; i < in->n_known; i++) {
		struct federate *to;
		size_t off;

		if (in->known[i].fed == by ||
		    !(to = server_federate(fx, in->known[i].fed)) || !to->conn)
			continue;
		wire_buf_reset(&st->out);
		off = wire_frame_begin(&st->out, WIRE_CB_REMOVE);
		wire_put_u32(&st->out, by);
		om_hdr_put(&st->out, h, tso);
		wire_put_u32(&st->out, in->handle);
		wire_frame_end(&st->out, off);
		if (tso)
			tm_note_tso_delivery(to, h->time);
		conn_send_buf(to->conn, &st->out);
	}
	server_instance_removed(fx, in->handle);
	inst_destroy(st, in);
}

/* Send `type` (turn updates on/off, provide) for the attributes of `in`
 * listed in `attrs` to `to`.  `tag` only for provide. */
static void
send_attr_list(struct federation *fx, struct federate *to, uint16_t type,
    uint32_t obj, const uint32_t *attrs, uint32_t n, const void *tag,
    uint32_t tag_len)
{
	struct om_fx *st = fxst(fx);
	uint32_t i;
	size_t off;

	if (!to || !to->conn || n == 0)
		return;
	wire_buf_reset(&st->out);
	off = wire_frame_begin(&st->out, type);
	wire_put_u32(&st->out, obj);
	if (type == WIRE_CB_PROVIDE_UPDATE)
		wire_put_blob(&st->out, tag, tag_len);
	wire_put_u32(&st->out, n);
	for (i = 0; i < n; i++)
		wire_put_u32(&st->out, attrs[i]);
	wire_frame_end(&st->out, off);
	conn_send_buf(to->conn, &st->out);
}

/* ---- attribute relevance ---- */

/* Does a federate other than the owner want attribute index `i` (its
 * subscription and filters; DDM decides)? */
static int
attr_relevant(struct federation *fx, const struct om_instance *in,
    uint32_t i)
{
	return ddm_attr_relevant(fx, in->cls, in->handle, in->attrs[i],
	    in->owner[i]);
}

/* Tell owner `o` (switch on) which attributes of `in` flipped to `on`. */
static void
advise_owner(struct federation *fx, struct om_instance *in, uint32_t o,
    const uint8_t *flipped, int on)
{
	struct om_fx *st = fxst(fx);
	struct federate *f = server_federate(fx, o);
	uint32_t i, n = 0;

	if (!f || !dm_switch(f, WIRE_SWITCH_ATTRIBUTE_RELEVANCE))
		return;
	if (wire_grow((void **)&st->tmp, &st->cap_tmp, in->n_attrs,
	    sizeof *st->tmp))
		return;
	for (i = 0; i < in->n_attrs; i++)
		if (flipped[i] && in->owner[i] == o && om_relevant(in)[i] == on)
			st->tmp[n++] = in->attrs[i];
	send_attr_list(fx, f, on ? WIRE_CB_UPDATES_ON : WIRE_CB_UPDATES_OFF,
	    in->handle, st->tmp, n, NULL, 0);
}

/* The relevance flags of `in`, computed without telling anyone. */
static void
relevance_quiet(struct federation *fx, struct om_instance *in)
{
	uint32_t i;

	for (i = 0; i < in->n_attrs; i++)
		om_relevant(in)[i] = in->owner[i] ?
		    (uint8_t)attr_relevant(fx, in, i) : 0;
}

/*
 * The flags are kept only while some federate has the attribute
 * relevance switch on (dm_attr_advisers): they are read for its
 * advisories alone, and recomputing them at every subscription change
 * costs the federation's instances times their subscribers.  Without
 * one they go stale (rel_stale) and are computed again, quietly, when
 * a federate turns the switch on (om_switch_changed).
 */
void
om_relevance(struct federation *fx, struct om_instance *in)
{
	struct om_fx *st = fxst(fx);
	uint32_t i, j;
	int any = 0;

	if (!dm_attr_advisers(fx)) {
		st->rel_stale = 1;
		return;
	}
	if (wire_grow((void **)&st->flip, &st->cap_flip, in->n_attrs, 1))
		return;
	for (i = 0; i < in->n_attrs; i++) {
		uint8_t rel = 0;

		if (in->owner[i])
			rel = (uint8_t)attr_relevant(fx, in, i);

		st->flip[i] = rel != om_relevant(in)[i];
		om_relevant(in)[i] = rel;
		any |= st->flip[i];
	}
	if (!any)
		return;
	for (i = 0; i < in->n_attrs; i++) {
		if (!st->flip[i] || !in->owner[i])
			continue;
		for (j = 0; j < i; j++)
			if (st->flip[j] && in->owner[j] == in->owner[i])
				break;
		if (j < i)
			continue; /* owner already advised */
		advise_owner(fx, in, in->owner[i], st->flip, 1);
		advise_owner(fx, in, in->owner[i], st->flip, 0);
	}
}

/* The switch_changed event: `f` switched attribute relevance advisories
 * on, and is told which of its attributes are relevant now. */
static void
om_switch_changed(struct federate *f, int sw, int on)
{
	struct om_fx *st = fxst(f->fx);
	struct om_instance *in;
	uint32_t i, n;

	if (sw != WIRE_SWITCH_ATTRIBUTE_RELEVANCE || !on)
		return;
	if (st->rel_stale) {
		for (in = live_from(st, st->list); in;
		    in = live_from(st, in->next))
			relevance_quiet(f->fx, in);
		st->rel_stale = 0;
	}
	for (in = live_from(st, st->list); in; in = live_from(st, in->next)) {
		if (wire_grow((void **)&st->tmp, &st->cap_tmp, in->n_attrs,
		    sizeof *st->tmp))
			return;
		for (i = n = 0; i < in->n_attrs; i++)
			if (in->owner[i] == f->handle && om_relevant(in)[i])
				st->tmp[n++] = in->attrs[i];
		send_attr_list(f->fx, f, WIRE_CB_UPDATES_ON, in->handle,
		    st->tmp, n, NULL, 0);
	}
}

/* The relevance_stale event of DDM. */
static void
om_relevance_stale(struct federation *fx, uint32_t cls, uint32_t obj)
{
	struct om_instance *in;

	if (!dm_attr_advisers(fx)) {
		fxst(fx)->rel_stale = 1;
		return;
	}
	if (obj) {
		if ((in = om_find(fx, obj)))
			om_relevance(fx, in);
		return;
	}
	for (in = om_first(fx); in; in = om_next(fx, in))
		if (!cls || fom_oclass_is_a(fx->fom, in->cls, cls))
			om_relevance(fx, in);
}

/* ---- DM's events ---- */

static const struct dm_sub no_route;

/* sub_applied: `f` changed its subscription of object class `cls`; it
 * discovers what it now wants and did not know, and the relevance of the
 * instances of `cls` is recomputed. */
static void
om_sub_applied(struct federate *f, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct om_fx *st = fxst(fx);
	struct om_instance *in;

	if (st->pass[1].rel && om_leaver_find(&st->pass[1], f->handle)) {
		/* it is leaving: the sweep recomputes the relevance */
		st->pass[1].rel[cls] = 1;
		return;
	}
	/* f's route of each class below cls, looked up once per class */
	if (wire_grow((void **)&st->sub_route, &st->cap_sub_route,
	    st->n_oc + 1, sizeof *st->sub_route))
		return;
	memset(st->sub_route, 0, (st->n_oc + 1) * sizeof *st->sub_route);
	for (in = live_from(st, st->list); in; in = live_from(st, in->next)) {
		const struct dm_sub *e;

		if (!fom_oclass_is_a(fx->fom, in->cls, cls))
			continue;
		if (!st->sub_route[in->cls]) {
			e = dm_route_find(fx, in->cls, f);
			st->sub_route[in->cls] = e ? e : &no_route;
		}
		e = st->sub_route[in->cls];
		if (e != &no_route && !om_known_class(in, f->handle) &&
		    ddm_route_instance(fx, e, in->handle))
			om_discover(fx, in, f, e->known);
		om_relevance(fx, in);
	}
}

/* ---- handlers ---- */

static int
legal_name(const char *s)
{
	return *s && strncmp(s, "HLA", 3) != 0;
}

/* Read "u32 n, n x str" into st->names.  n, or -1 when malformed. */
static long
read_names(struct om_fx *st, struct wire_rd *rd)
{
	uint32_t n = wire_get_count(rd, 5), i;

	if (rd->err || n > OM_MAX_NAMES)
		return -1;
	if (wire_grow((void **)&st->names, &st->cap_names, n ? n : 1,
	    sizeof *st->names))
		return -1;
	for (i = 0; i < n; i++)
		st->names[i] = wire_get_str(rd, WIRE_MAX_NAME);
	return wire_rd_done(rd) ? (long)n : -1;
}

static int
h_reserve(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct om_fx *st = fxst(conn_fed(c)->fx);
	struct wire_buf *b;
	uint8_t multiple = wire_get_u8(rd);
	long n = read_names(st, rd), i;
	int ok = 1;
	size_t off;

	(void)serial;
	if (n <= 0 || (!multiple && n != 1))
		return -1;
	/* All or none.  Each name is added once it passed, so that one
	 * given twice finds its first copy: O(n), where comparing every
	 * pair took seconds for 65536 names. */
	for (i = 0; i < n && ok; i++)
		ok = legal_name(st->names[i]) &&
		    !om_name_find(st, st->names[i]) &&
		    om_name_add(st, st->names[i], conn_fed(c)->handle);
	if (!ok)
		for (i -= 2; i >= 0; i--)
			om_name_del(st, om_name_find(st, st->names[i]));
	b = srv_frame(conn_srv(c), WIRE_CB_NAMES_RESERVED, &off);
	wire_put_u8(b, (uint8_t)ok);
	wire_put_u8(b, multiple);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_str(b, st->names[i]);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

static int
h_release(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct om_fx *st = fxst(conn_fed(c)->fx);
	long n = read_names(st, rd), i;

	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct om_name *ne = om_name_find(st, st->names[i]);

		if (!ne || ne->reserver != conn_fed(c)->handle)
			return conn_replyf(c, serial,
			    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED,
			    "name '%s' is not reserved by this federate",
			    st->names[i]), 0;
	}
	for (i = 0; i < n; i++) {
		struct om_name *ne = om_name_find(st, st->names[i]);

		if (!ne)
			continue; /* listed twice */
		if (ne->inst)
			ne->reserver = 0;
		else
			om_name_del(st, ne);
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

/* WIRE_OM_REGISTER and, `with_cond`, WIRE_OM_REGISTER_COND: the instance
 * and its condition are made together or not at all, and discovered by
 * the subscribers that want it as it is, with its condition. */
static int
register_instance(struct conn *c, uint32_t serial, struct wire_rd *rd,
    int with_cond)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct om_fx *st = fxst(fx);
	uint32_t cls = wire_get_u32(rd), i;
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	const char *cond = with_cond ? wire_get_str(rd, WIRE_MAX_NAME) : "";
	const char *why = "empty";
	const uint64_t *pub;
	const struct dm_sub *r;
	struct om_instance *in;
	struct om_name *ne = NULL;
	char gen[32];
	struct wire_buf body;
	size_t n;

	if (!wire_rd_done(rd))
		return -1;
	if (with_cond && (!*cond || match_cond_check(cond, 0, &why) < 0))
		return conn_replyf(c, serial, RTI_ERR_INVALID_CONDITION,
		    "condition '%.80s': %s", cond, why), 0;
	if (cls == 0 || cls > st->n_oc)
		return conn_replyf(c, serial, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls), 0;
	pub = dm_published(f, cls);
	if (!pub)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED,
		    "object class %s is not published",
		    fom_oclass(fx->fom, cls)->qname), 0;
	if (*name) {
		ne = om_name_find(st, name);
		if (ne && ne->inst)
			return conn_replyf(c, serial,
			    RTI_ERR_OBJECT_INSTANCE_NAME_IN_USE,
			    "object instance name '%s' is in use", name), 0;
		if (!ne || ne->reserver != f->handle)
			return conn_replyf(c, serial,
			    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED,
			    "object instance name '%s' is not reserved by "
			    "this federate", name), 0;
	}
	in = om_inst_new(fx, st, cls, st->next_handle, f->handle);
	if (in && !ne) {
		snprintf(gen, sizeof gen, "HLAobject%u", st->next_handle);
		ne = om_name_add(st, gen, 0);
	}
	/* the condition last: nothing that follows can fail */
	if (!in || !ne || om_known_add(in, f->handle, cls) < 0 ||
	    (*cond && ddm_instance_set(fx, in->handle, cond, NULL, 0) < 0)) {
		if (in)
			om_inst_free(in);
		if (ne && !*name)
			om_name_del(st, ne);
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	ne->inst = in;
	in->name = ne->name;
	for (i = 0; i < in->n_attrs; i++)
		if (bset_has(pub, st->words, in->attrs[i]) ||
		    in->attrs[i] == OM_PRIVILEGE_TO_DELETE)
			in->owner[i] = f->handle;
	om_sole_update(in);
	om_inst_link(st, in);
	st->next_handle++;
	wire_buf_init(&body);
	wire_put_u32(&body, in->handle);
	wire_put_str(&body, in->name);
	conn_reply(c, serial, body.oom ? RTI_ERR_NO_MEMORY : RTI_OK, NULL,
	    body.data, body.len);
	wire_buf_free(&body);
	n = dm_route_object(fx, cls, &r);
	om_discover_wanting(fx, in, r, n, f);
	om_relevance(fx, in);
	return 0;
}

static int
h_register(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return register_instance(c, serial, rd, 0);
}

static int
h_register_cond(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return register_instance(c, serial, rd, 1);
}

static int
h_interaction(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	(void)serial;
	return om_interaction(c, rd, NULL, 0);
}

int
om_interaction(struct conn *c, struct wire_rd *rd, const uint32_t *regions,
    uint32_t n_regions)
{
	const char *why;
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct om_fx *st = fxst(fx);
	const struct dm_sub *r;
	const uint8_t *block;
	size_t block_len, n_routes, k;
	struct bundle_hdr h;
	uint32_t cls, n, i, kept;
	char msg[160];
	int tso, rc, mc = 0;

	if (bundle_hdr_get(rd, &h) < 0)
		return -1;
	cls = wire_get_u32(rd);
	block = rd->p;
	n = wire_get_count(rd, 8);
	if (rd->err || wire_grow((void **)&st->params, &st->cap_params,
	    n ? n : 1,
	    sizeof *st->params))
		return -1;
	for (i = 0; i < n; i++) {
		st->params[i].handle = wire_get_u32(rd);
		st->params[i].len = wire_get_u32(rd);
		st->params[i].value = wire_get_raw(rd, st->params[i].len);
	}
	if (!wire_rd_done(rd))
		return -1;
	block_len = (size_t)(rd->p - block);
	if (!fom_iclass(fx->fom, cls))
		return om_notice(c, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction dropped: class %u is not defined", cls), 0;
	if (!dm_iclass_published(f, cls))
		return om_notice(c, RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED,
		    "interaction dropped: %s is not published",
		    fom_iclass(fx->fom, cls)->qname), 0;
	for (i = 0; i < n; i++)
		if (!fom_iclass_has_param(fx->fom, cls, st->params[i].handle))
			return om_notice(c,
			    RTI_ERR_INTERACTION_PARAMETER_NOT_DEFINED,
			    "interaction dropped: parameter %u is not a "
			    "parameter of %s", st->params[i].handle,
			    fom_iclass(fx->fom, cls)->qname), 0;
	if (*h.cond && match_cond_check(h.cond, 0, &why) < 0)
		return om_notice(c, RTI_ERR_INVALID_CONDITION, "interaction "
		    "dropped: condition '%.80s': %s", h.cond, why), 0;
	rc = ddm_check_send_regions(f, cls, regions, n_regions, msg,
	    sizeof msg);
	if (rc != RTI_OK)
		return om_notice(c, rc, "interaction dropped: %s", msg), 0;
	if (om_tso_check(c, &h, &tso, "interaction") < 0)
		return 0;
	n_routes = dm_route_interaction(fx, cls, &r);
	if (wire_grow((void **)&st->want, &st->cap_want, n_routes + 1, 1))
		return om_notice(c, RTI_ERR_NO_MEMORY,
		    "interaction dropped: out of memory"), 0;
	f->cnt.ic_sent[cls]++;
	f->cnt.ic_sent_bytes[cls] += block_len;
	ddm_route_interaction(fx, h.cond, regions, n_regions, r, n_routes,
	    st->want);
	/* best effort with --multicast: one frame, in OM's header, for the
	 * group's members that know it as its class (MC addresses them:
	 * want 2), the others as without */
	if (server_dispatch_be(conn_srv(c)) && mc_on(conn_srv(c)) && n_routes) {
		struct wire_buf *m = &st->rt.mc;
		size_t off;

		wire_buf_reset(m);
		off = wire_frame_begin(m, WIRE_CB_INTERACTION);
		wire_put_u32(m, f->handle);
		om_hdr_put(m, &h, tso);
		wire_put_u32(m, cls);
		wire_put_raw(m, block, block_len);
		wire_frame_end(m, off);
		mc = mc_interaction(conn_srv(c), f, cls, h.cond, m, r, n_routes,
		    st->want);
	}
	for (k = 0; k < n_routes; k++) {
		struct federate *to = r[k].f;
		size_t off, cnt;

		if (to == f || !to->conn)
			continue;
		if (!st->want[k]) {
			server_count_filtered(conn_srv(c));
			continue;
		}
		/* counted below: MC sent it */
		if (st->want[k] == 2)
			continue;
		wire_buf_reset(&st->out);
		off = wire_frame_begin(&st->out, WIRE_CB_INTERACTION);
		wire_put_u32(&st->out, f->handle);
		om_hdr_put(&st->out, &h, tso);
		wire_put_u32(&st->out, r[k].known);
		if (r[k].known == cls) {
			wire_put_raw(&st->out, block, block_len);
			to->cnt.ic_recv_bytes[cls] += block_len;
		} else {
			/* the parameters of the class it knows */
			cnt = st->out.len;
			wire_put_u32(&st->out, 0);
			for (i = kept = 0; i < n; i++) {
				if (!fom_iclass_has_param(fx->fom, r[k].known,
				    st->params[i].handle))
					continue;
				bundle_put_attr(&st->out, st->params[i].handle,
				    st->params[i].value, st->params[i].len);
				kept++;
			}
			wire_patch_u32(&st->out, cnt, kept);
			to->cnt.ic_recv_bytes[r[k].known] += st->out.len - cnt;
			server_count_filtered(conn_srv(c));
		}
		wire_frame_end(&st->out, off);
		/* held until the next other frame, as reflections are */
		if (server_dispatch_be(conn_srv(c)) && !st->out.oom) {
			if (tso)
				tm_note_tso_delivery(to, h.time);
			conn_send_be(to->conn, st->out.data, st->out.len, NULL,
			    0);
		} else if (tso && tm_note_tso_delivery(to, h.time) &&
		    !st->out.oom) {
			conn_send_held(to->conn, st->out.data, st->out.len,
			    NULL, 0);
		} else {
			conn_send_buf(to->conn, &st->out);
		}
		to->cnt.ic_received[r[k].known]++;
		server_count_routed(conn_srv(c));
	}
	if (mc) {
		/* the members MC sent it (want 2), to their group or each
		 * by unicast */
		for (k = 0; k < n_routes; k++) {
			struct federate *to = r[k].f;

			if (st->want[k] != 2)
				continue;
			to->cnt.ic_recv_bytes[cls] += block_len;
			if (tso)
				tm_note_tso_delivery(to, h.time);
			to->cnt.ic_received[cls]++;
			server_count_routed(conn_srv(c));
		}
	}
	if (st->rti_ic && st->rti_ic[cls])
		server_rti_interaction(f, cls, block, block_len);
	return 0;
}

static int
h_delete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct om_instance *in;
	struct bundle_hdr h;
	uint32_t obj;
	int tso;

	(void)serial;
	if (bundle_hdr_get(rd, &h) < 0)
		return -1;
	obj = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	in = om_find(fx, obj);
	if (!in)
		return om_notice(c, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "delete dropped: object instance %u is not known", obj), 0;
	if (om_owner(in, OM_PRIVILEGE_TO_DELETE) != conn_fed(c)->handle)
		return om_notice(c, RTI_ERR_DELETE_PRIVILEGE_NOT_HELD,
		    "delete dropped: this federate does not hold the delete "
		    "privilege of instance %u", obj), 0;
	if (om_tso_check(c, &h, &tso, "delete") < 0)
		return 0;
	om_remove_instance(fx, in, conn_fed(c)->handle, &h, tso);
	return 0;
}

static int
h_local_delete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	uint32_t obj = wire_get_u32(rd);
	struct om_instance *in;

	(void)serial;
	if (!wire_rd_done(rd))
		return -1;
	in = om_find(fx, obj);
	if (!in || !om_known_class(in, conn_fed(c)->handle))
		return om_notice(c, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "local delete dropped: object instance %u is not known",
		    obj), 0;
	om_known_del(in, conn_fed(c)->handle);
	om_relevance(fx, in);
	return 0;
}

void
om_solicit(struct federation *fx, struct om_instance *in,
    const uint8_t *attrs, uint32_t n, const void *tag, uint32_t tag_len,
    uint32_t req)
{
	struct om_fx *st = fxst(fx);
	uint32_t i, j, o, m;

	if (wire_grow((void **)&st->tmp, &st->cap_tmp, n ? n : 1,
	    sizeof *st->tmp) ||
	    wire_grow((void **)&st->flip, &st->cap_flip, n ? n : 1, 1))
		return;
	memset(st->flip, 0, n);
	for (i = 0; i < n; i++) {
		o = om_owner(in, wire_get32(attrs + 4 * i));
		if (st->flip[i] || !o || o == req)
			continue;
		for (j = i, m = 0; j < n; j++)
			if (!st->flip[j] &&
			    om_owner(in, wire_get32(attrs + 4 * j)) == o) {
				st->flip[j] = 1;
				st->tmp[m++] = wire_get32(attrs + 4 * j);
			}
		if (o == WIRE_OWNER_RTI)
			server_rti_provide(fx, in->handle, st->tmp, m, req);
		else
			send_attr_list(fx, server_federate(fx, o),
			    WIRE_CB_PROVIDE_UPDATE, in->handle, st->tmp, m,
			    tag, tag_len);
	}
}

static int
h_request_update(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct om_instance *in;
	const uint8_t *attrs;
	const void *tag;
	uint32_t obj, tag_len, n, i, kc;

	obj = wire_get_u32(rd);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	in = om_find(fx, obj);
	kc = in ? om_known_class(in, conn_fed(c)->handle) : 0;
	if (!kc)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj), 0;
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(fx->fom, kc,
		    wire_get32(attrs + 4 * i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s",
			    wire_get32(attrs + 4 * i),
			    fom_oclass(fx->fom, kc)->qname), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	om_solicit(fx, in, attrs, n, tag, tag_len, conn_fed(c)->handle);
	return 0;
}

static int
h_request_class_update(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct om_instance *in;
	const uint8_t *attrs;
	const void *tag;
	uint32_t cls, tag_len, n, i;

	cls = wire_get_u32(rd);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (!fom_oclass(fx->fom, cls))
		return conn_replyf(c, serial, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls), 0;
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(fx->fom, cls,
		    wire_get32(attrs + 4 * i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s",
			    wire_get32(attrs + 4 * i),
			    fom_oclass(fx->fom, cls)->qname), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	for (in = om_first(fx); in; in = om_next(fx, in))
		if (fom_oclass_is_a(fx->fom, in->cls, cls))
			om_solicit(fx, in, attrs, n, tag, tag_len,
			    conn_fed(c)->handle);
	return 0;
}

/* ---- module hooks ---- */

static const struct msg_handler om_handlers[] = {
	{ WIRE_OM_RESERVE_NAMES, 0, 1, h_reserve },
	{ WIRE_OM_RELEASE_NAMES, 1, 1, h_release },
	{ WIRE_OM_REGISTER, 1, 1, h_register },
	{ WIRE_OM_REGISTER_COND, 1, 1, h_register_cond },
	{ WIRE_OM_UPDATE, 0, 1, om_h_update },
	{ WIRE_OM_INTERACTION, 0, 1, h_interaction },
	{ WIRE_OM_DELETE, 0, 1, h_delete },
	{ WIRE_OM_LOCAL_DELETE, 0, 1, h_local_delete },
	{ WIRE_OM_REQUEST_UPDATE, 1, 1, h_request_update },
	{ WIRE_OM_REQUEST_CLASS_UPDATE, 1, 1, h_request_class_update },
	/* transportation types (om_transportation.c) */
	{ WIRE_OM_CHANGE_ATTR_TRANSPORT, 1, 1, om_h_change_attr_transport },
	{ WIRE_OM_CHANGE_IC_TRANSPORT, 1, 1, om_h_change_ic_transport },
	{ WIRE_OM_QUERY_ATTR_TRANSPORT, 1, 1, om_h_query_attr_transport },
	{ WIRE_OM_QUERY_IC_TRANSPORT, 1, 1, om_h_query_ic_transport },
	/* the protocol's DDM messages OM carries out (om_ddm.c) */
	{ WIRE_DDM_INSTANCE, 1, 1, om_h_ddm_instance },
	{ WIRE_DDM_INTERACTION, 0, 1, om_h_ddm_interaction },
	{ WIRE_DDM_REQUEST_UPDATE, 1, 1, om_h_ddm_request_update },
	{ 0, 0, 0, NULL }
};

const struct module_ops om_module = {
	.name = "OM",
	.save_state = om_save_state,
	.restore_stage = om_restore_stage,
	.restore_apply = om_restore_apply,
	.restore_discard = om_restore_discard,
	.restore_sync = om_restore_sync,
	.handlers = om_handlers,
	.federation_init = om_federation_init,
	.federation_fini = om_federation_fini,
	.federate_resign = om_sweep_resign,
	.federate_fini = om_transport_fed_fini,
	.sub_applied = om_sub_applied,
	.switch_changed = om_switch_changed,
	.relevance_stale = om_relevance_stale,
	.fom_grown = om_fom_grown,
};
