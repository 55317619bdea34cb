/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_save.c - OM's part of federation save and restore (rti-save(5),
 * "OM section"): every object instance with its handle, name, class,
 * registering federate, owners and knowers, the reserved names, and the
 * next instance handle.  RTI (MOM) instances are saved like any, with
 * WIRE_OWNER_RTI as registrar and owner.
 *
 * Layout, version 1:
 *   u16 version, u32 next_handle,
 *   u32 n_names, n_names x (str name, u32 reserver): names reserved and
 *     not (or not yet) in use,
 *   u32 n_inst, n_inst x (u32 handle, u32 class, u32 registrar (any
 *     federate handle, resigned or not, or WIRE_OWNER_RTI),
 *     str name, u32 reserver of the name (0 = none), u32 n_attrs,
 *     n_attrs x u32 owner (in ascending attribute order of the class),
 *     u32 n_known, n_known x (u32 federate, u32 known class)).
 * Per-class counters and the relevance flags are derived: recomputed.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ddm.h"
#include "om_int.h"
#include "restore_chk.h"

#define OM_SAVE_VERSION 1
#define RESTORE_BATCH 4096     /* instances per WIRE_CB_RESTORE_OM frame */

/* A staged OM state: the tables om_fx holds, built apart. */
struct om_staged {
	uint32_t next_handle;
	struct idmap inst_map, name_map;
	struct om_instance *list;
};

/* Is the federate still part of the state (joined, not swept out)? */
static int
fed_live(struct federation *fx, uint32_t h)
{
	return h == WIRE_OWNER_RTI || (server_federate(fx, h) &&
	    !om_leaving(fx, h));
}

/* fed_live with the last answer kept: the owners and knowers of
 * consecutive instances are mostly the same few federates, and nothing
 * joins or leaves while a state is written. */
struct live_memo {
	uint32_t h;
	int live;
};

static int
fed_live_memo(struct federation *fx, struct live_memo *m, uint32_t h)
{
	if (h != m->h) {
		m->h = h;
		m->live = fed_live(fx, h);
	}
	return m->live;
}

int
om_save_state(struct federation *fx, struct wire_buf *out)
{
	struct om_fx *st = om_fxst(fx);
	struct live_memo memo = { 0, 0 };
	struct om_instance *in;
	struct idmap_node *n;
	struct idmap_iter it;
	size_t cnt;
	uint32_t k, i, m;

	wire_put_u16(out, OM_SAVE_VERSION);
	wire_put_u32(out, st->next_handle);
	cnt = out->len;
	wire_put_u32(out, 0);
	m = 0;
	idmap_iter_init(&st->name_map, &it);
	while ((n = idmap_iter_next(&st->name_map, &it))) {
		struct om_name *ne = om_name_of(n);

		if (ne->inst || !fed_live(fx, ne->reserver))
			continue;
		wire_put_str(out, ne->name);
		wire_put_u32(out, ne->reserver);
		m++;
	}
	wire_patch_u32(out, cnt, m);
	cnt = out->len;
	wire_put_u32(out, 0);
	m = 0;
	for (in = om_first(fx); in; in = om_next(fx, in)) {
		uint32_t res = om_inst_name(in)->reserver;
		size_t kc;

		wire_put_u32(out, in->handle);
		wire_put_u32(out, in->cls);
		wire_put_u32(out, in->registrar);
		wire_put_str(out, in->name);
		wire_put_u32(out, res && fed_live_memo(fx, &memo, res) ?
		    res : 0);
		wire_put_u32(out, in->n_attrs);
		for (i = 0; i < in->n_attrs; i++)
			wire_put_u32(out, in->owner[i] &&
			    fed_live_memo(fx, &memo, in->owner[i]) ?
			    in->owner[i] : 0);
		kc = out->len;
		wire_put_u32(out, 0);
		for (i = k = 0; i < in->n_known; i++) {
			if (!fed_live_memo(fx, &memo, in->known[i].fed))
				continue;
			wire_put_u32(out, in->known[i].fed);
			wire_put_u32(out, in->known[i].cls);
			k++;
		}
		wire_patch_u32(out, kc, k);
		m++;
	}
	wire_patch_u32(out, cnt, m);
	return out->oom ? -1 : 0;
}

static void
staged_free(struct om_staged *s)
{
	struct om_instance *in;
	struct idmap_node *n;
	struct idmap_iter it;

	if (!s)
		return;
	while ((in = s->list)) {
		s->list = in->next;
		om_inst_free(in);
	}
	idmap_iter_init(&s->name_map, &it);
	while ((n = idmap_iter_next(&s->name_map, &it)))
		free(om_name_of(n));
	idmap_fini(&s->inst_map);
	idmap_fini(&s->name_map);
	free(s);
}

void
om_restore_discard(void *staged)
{
	staged_free(staged);
}

/* The owner `o` of a saved attribute, or the federate `f` of a knower,
 * registrar or reserver: a saved federate, or the RTI where `rti`. */
static int
who_ok(const struct restore_saved *saved, uint32_t o, int rti)
{
	return (rti && o == WIRE_OWNER_RTI) || restore_fed_ok(saved, o);
}

/* Read one instance into `s`.  NULL with `why` set when damaged. */
static const char *
stage_instance(struct federation *fx, struct om_fx *st,
    const struct restore_saved *saved, struct wire_rd *rd,
    struct om_staged *s)
{
	uint32_t h = wire_get_u32(rd), cls = wire_get_u32(rd);
	uint32_t reg = wire_get_u32(rd), res, na, nk, i, j;
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	struct om_instance *in;
	struct om_name *ne;

	res = wire_get_u32(rd);
	na = wire_get_count(rd, 4);
	if (rd->err || !name)
		return "an instance is truncated";
	if (h == 0 || h >= s->next_handle)
		return "an instance handle is out of range";
	if (IDMAP_GET(&s->inst_map, h, struct om_instance, hnode, handle))
		return "an instance handle is saved twice";
	if (cls == 0 || cls > st->n_oc)
		return "an instance's class is not in the FOM";
	/* the registrar may have resigned since (it is only told at
	 * discovery); the name's reserver is among the saved */
	if (reg == 0 || (res && !who_ok(saved, res, 0)))
		return "an instance's registrar is 0 or its name's reserver "
		    "is not a saved federate";
	if (!*name)
		return "an instance name is empty or saved twice";
	/* the name linked at once, one hash for its check and insertion;
	 * staged_free frees it with the table */
	if (!(ne = om_name_new(name, res)))
		return NULL;
	if (idmap_put_new(&s->name_map, &ne->node)) {
		free(ne);
		return "an instance name is empty or saved twice";
	}
	if (!(in = om_inst_new(fx, st, cls, h, reg)))
		return NULL;
	if (in->n_attrs != na) {
		om_inst_free(in);
		return "an instance's attributes do not match its class";
	}
	/* linked first, so that the failures below free it */
	idmap_put(&s->inst_map, &in->hnode);
	in->next = s->list;
	if (s->list)
		s->list->prev = in;
	s->list = in;
	ne->inst = in;
	in->name = ne->name;
	for (i = 0; i < na; i++) {
		in->owner[i] = wire_get_u32(rd);
		if (in->owner[i] && !who_ok(saved, in->owner[i], 1))
			return "an attribute's owner is not a saved federate";
	}
	om_sole_update(in);
	nk = wire_get_count(rd, 8);
	if (rd->err)
		return "an instance is truncated";
	for (i = 0; i < nk; i++) {
		uint32_t f = wire_get_u32(rd), kc = wire_get_u32(rd);

		if (rd->err)
			return "an instance is truncated";
		if (!who_ok(saved, f, 0))
			return "a knower is not a saved federate";
		if (kc == 0 || kc > st->n_oc || !fom_oclass_is_a(fx->fom,
		    cls, kc))
			return "a known class is not a class of the instance";
		for (j = 0; j < in->n_known; j++)
			if (in->known[j].fed == f)
				return "a knower is saved twice";
		if (om_known_add(in, f, kc) < 0)
			return NULL;
	}
	return "";
}

int
om_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct om_fx *st = om_fxst(fx);
	struct om_staged *s;
	const char *why = "it is truncated";
	uint32_t n, i;

	*staged = NULL;
	if (wire_rd_left(rd) == 0) {
		/* no section (the store's empty reader): the empty state */
		if (!(s = calloc(1, sizeof *s)) ||
		    IDMAP_INIT(&s->inst_map, struct om_instance, hnode,
		    handle) < 0 ||
		    IDMAP_INIT_STR(&s->name_map, struct om_name, node,
		    name) < 0) {
			staged_free(s);
			goto oom;
		}
		s->next_handle = 1;
		*staged = s;
		return RTI_OK;
	}
	if (wire_get_u16(rd) != OM_SAVE_VERSION)
		return rd->err ? restore_damaged(msg, len, "OM", why) :
		    (snprintf(msg, len, "the OM section of the save has a "
		    "version this rtiexec does not read"),
		    RTI_ERR_COULD_NOT_INITIATE_RESTORE);
	if (!(s = calloc(1, sizeof *s)))
		goto oom;
	if (IDMAP_INIT(&s->inst_map, struct om_instance, hnode, handle) < 0 ||
	    IDMAP_INIT_STR(&s->name_map, struct om_name, node, name) < 0) {
		staged_free(s);
		goto oom;
	}
	s->next_handle = wire_get_u32(rd);
	if (rd->err)
		goto bad;
	why = "the next instance handle is 0";
	if (s->next_handle == 0)
		goto bad;
	n = wire_get_count(rd, 8);
	for (i = 0; i < n && !rd->err; i++) {
		const char *name = wire_get_str(rd, WIRE_MAX_NAME);
		uint32_t res = wire_get_u32(rd);

		why = "it is truncated";
		if (rd->err || !name)
			goto bad;
		why = "a reserved name is empty, saved twice or has no "
		    "saved reserver";
		if (!*name || idmap_get_str(&s->name_map, name) ||
		    !who_ok(saved, res, 0))
			goto bad;
		if (!om_name_add_to(&s->name_map, name, res))
			goto oom_s;
	}
	n = wire_get_count(rd, 24);
	why = "it is truncated";
	if (rd->err)
		goto bad;
	/* sized once (n is bounded by the section's bytes); on ENOMEM the
	 * tables grow as they fill */
	(void)idmap_reserve(&s->inst_map, n);
	(void)idmap_reserve(&s->name_map, idmap_count(&s->name_map) + n);
	for (i = 0; i < n; i++) {
		why = stage_instance(fx, st, saved, rd, s);
		if (!why)
			goto oom_s;
		if (*why)
			goto bad;
	}
	why = "it has bytes past its end";
	if (!wire_rd_done(rd))
		goto bad;
	*staged = s;
	return RTI_OK;
bad:
	staged_free(s);
	return restore_damaged(msg, len, "OM", why);
oom_s:
	staged_free(s);
oom:
	snprintf(msg, len, "out of memory staging the OM state");
	return RTI_ERR_NO_MEMORY;
}

/* The replaced state, freed once the restore's frames are out (200,000
 * blocks freed before them, and glibc merging them at the next large
 * allocation, delayed every federate's frames). */
static void
retire_cb(evutil_socket_t fd, short what, void *arg)
{
	struct om_fx *st = om_fxst(arg);

	(void)fd;
	(void)what;
	staged_free(st->retired);
	st->retired = NULL;
}

static void
retire(struct federation *fx, struct om_staged *s)
{
	static const struct timeval now = { 0, 0 };
	struct om_fx *st = om_fxst(fx);

	staged_free(st->retired);
	st->retired = NULL;
	if (!st->retire_ev &&
	    !(st->retire_ev = evtimer_new(server_base(fx->srv),
	    retire_cb, fx))) {
		staged_free(s);
		return;
	}
	st->retired = s;
	evtimer_add(st->retire_ev, &now);
}

void
om_restore_apply(struct federation *fx, void *staged)
{
	struct om_fx *st = om_fxst(fx);
	struct om_staged *s = staged, old;
	struct om_instance *in;
	uint32_t i;
	int p;

	/* a running resign sweep belongs to the state replaced */
	if (st->sweep_ev)
		event_del(st->sweep_ev);
	st->sweeping = 0;
	st->sweep_at = NULL;
	for (p = 0; p < 2; p++) {
		st->pass[p].n = st->pass[p].n_del = 0;
		free(st->pass[p].rel);
		st->pass[p].rel = NULL;
	}
	old.next_handle = st->next_handle;
	old.inst_map = st->inst_map;
	old.name_map = st->name_map;
	old.list = st->list;
	st->next_handle = s->next_handle;
	st->inst_map = s->inst_map;
	st->name_map = s->name_map;
	st->list = s->list;
	*s = old;
	retire(fx, s);
	/* the transportation types the federates chose go back to the
	 * FOM's with the instances (rti-save(5)) */
	for (i = 0; i < fx->n_feds; i++)
		om_transport_fed_fini(fx->feds[i]);
	/* relevance from the restored subscriptions (DM and DDM applied
	 * first); the advisories are the federates' to ask again */
	for (in = st->list; in; in = in->next)
		for (i = 0; i < in->n_attrs; i++)
			om_relevant(in)[i] = in->owner[i] ?
			    (uint8_t)ddm_attr_relevant(fx, in->cls, in->handle,
			    in->attrs[i], in->owner[i]) : 0;
}

/* Put `in` as `f` knows it: u32 obj, u32 cls, u32 known, str name,
 * u32 n, n x u32 attribute owned by `f`. */
static void
put_known(struct wire_buf *b, const struct om_instance *in, uint32_t known,
    uint32_t fed)
{
	size_t cnt;
	uint32_t i, n = 0;

	wire_put_u32(b, in->handle);
	wire_put_u32(b, in->cls);
	wire_put_u32(b, known);
	wire_put_str(b, in->name);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (i = 0; i < in->n_attrs; i++)
		if (in->owner[i] == fed) {
			wire_put_u32(b, in->attrs[i]);
			n++;
		}
	wire_patch_u32(b, cnt, n);
}

/*
 * WIRE_CB_RESTORE_OM frames to `f`: the instances it knows, in batches;
 * the first (u8 first = 1) tells librti to forget every instance first.
 * Then the send condition of each that has one
 * (WIRE_DDM_CB_INSTANCE_CONDITION), as after a discovery.
 */
int
om_restore_sync(struct federate *f)
{
	struct federation *fx = f->fx;
	struct om_instance *in;
	struct wire_buf b;
	size_t off, cnt;
	uint32_t n = 0, known;
	int rc = 0;

	if (!f->conn)
		return 0;
	wire_buf_init(&b);
	off = wire_frame_begin(&b, WIRE_CB_RESTORE_OM);
	wire_put_u8(&b, 1);
	cnt = b.len;
	wire_put_u32(&b, 0);
	for (in = om_first(fx); in && !rc; in = om_next(fx, in)) {
		if (!(known = om_known_class(in, f->handle)))
			continue;
		if (n == RESTORE_BATCH) {
			wire_patch_u32(&b, cnt, n);
			wire_frame_end(&b, off);
			if (b.oom || conn_send_buf(f->conn, &b) < 0)
				rc = -1;
			wire_buf_reset(&b);
			off = wire_frame_begin(&b, WIRE_CB_RESTORE_OM);
			wire_put_u8(&b, 0);
			cnt = b.len;
			wire_put_u32(&b, 0);
			n = 0;
		}
		put_known(&b, in, known, f->handle);
		n++;
	}
	wire_patch_u32(&b, cnt, n);
	wire_frame_end(&b, off);
	if (!rc && (b.oom || conn_send_buf(f->conn, &b) < 0))
		rc = -1;
	wire_buf_free(&b);
	for (in = om_first(fx); in && !rc && f->conn; in = om_next(fx, in))
		if (om_known_class(in, f->handle))
			om_condition_send(fx, in, f, 0);
	return rc;
}
