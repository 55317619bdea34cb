/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_transportation.c - transportation types (IEEE 1516-2010 8.21-8.22,
 * 10.36-10.37): what each federate set for the attributes it owns of an
 * instance and for the interaction classes it publishes, kept so that
 * any federate's query can be answered.  Per federate and instance, as
 * librti keeps the order types: a change applies to the changer's own
 * later sends, and an attribute whose ownership moves is sent as its
 * new owner chose (the FOM's <transportation> until it chose).
 *
 * An instance's choices hang on it (in->trans, freed with it); a
 * federate's interaction choices in its OM slot (f->mod[MOD_OM], freed
 * by om_transport_fed_fini).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "om_int.h"
#include "dm.h"

/* One choice: federate `fed` sends attribute `attr` with `type`. */
struct om_trans_ent {
	uint32_t fed, attr;
	uint8_t type;
};

struct om_trans {
	uint32_t n, cap;
	struct om_trans_ent e[];
};

/* A federate's interaction classes: [cls] 0 = the FOM's, else 1 + the
 * type. */
struct om_fed_trans {
	uint32_t n;
	uint8_t ic[];
};

void
om_transport_free(struct om_instance *in)
{
	free(in->trans);
	in->trans = NULL;
}

void
om_transport_fed_fini(struct federate *f)
{
	free(f->mod[MOD_OM]);
	f->mod[MOD_OM] = NULL;
}

/* The type `fed` sends `attr` of `in` with. */
static uint8_t
attr_type(const struct federation *fx, const struct om_instance *in,
    uint32_t fed, uint32_t attr)
{
	uint32_t i;

	if (in->trans)
		for (i = 0; i < in->trans->n; i++)
			if (in->trans->e[i].fed == fed &&
			    in->trans->e[i].attr == attr)
				return in->trans->e[i].type;
	return fom_attr(fx->fom, attr)->transport;
}

/* Room for `extra` more choices on `in`: 0, or -1 (ENOMEM, nothing
 * changed).  After it, that many attr_set calls cannot fail. */
static int
trans_reserve(struct om_instance *in, uint32_t extra)
{
	struct om_trans *t = in->trans, *nt;
	uint32_t have = t ? t->n : 0, cap = t ? t->cap : 0;

	if (have + (uint64_t)extra <= cap)
		return 0;
	if ((uint64_t)have + extra > UINT32_MAX / 2)
		return -1;
	cap = have + extra;
	nt = realloc(t, sizeof *nt + (size_t)cap * sizeof nt->e[0]);
	if (!nt)
		return -1;
	if (!t)
		nt->n = 0;
	nt->cap = cap;
	in->trans = nt;
	return 0;
}

/* Keep the choices of `in` for which drop(fed, arg) is 0. */
static void
trans_drop(struct om_instance *in, int (*drop)(uint32_t fed, const void *arg),
    const void *arg)
{
	struct om_trans *t = in->trans;
	uint32_t i, k = 0;

	if (!t)
		return;
	for (i = 0; i < t->n; i++)
		if (!drop(t->e[i].fed, arg))
			t->e[k++] = t->e[i];
	t->n = k;
	if (k == 0)
		om_transport_free(in);
}

static int
is_fed(uint32_t fed, const void *arg)
{
	return fed == *(const uint32_t *)arg;
}

static int
is_leaver(uint32_t fed, const void *arg)
{
	return om_leaver_find(arg, fed) != NULL;
}

void
om_transport_forget(struct om_instance *in, uint32_t fed)
{
	trans_drop(in, is_fed, &fed);
}

void
om_transport_forget_leavers(struct om_instance *in, const struct om_pass *p)
{
	trans_drop(in, is_leaver, p);
}

/* Set `type` for (fed, attr): 0, or -1 (ENOMEM, nothing changed). */
static int
attr_set(struct om_instance *in, uint32_t fed, uint32_t attr, uint8_t type)
{
	struct om_trans *t = in->trans, *nt;
	uint32_t i, cap;

	for (i = 0; t && i < t->n; i++)
		if (t->e[i].fed == fed && t->e[i].attr == attr) {
			t->e[i].type = type;
			return 0;
		}
	if (!t || t->n == t->cap) {
		cap = t ? 2 * t->cap : 4;
		nt = realloc(t, sizeof *nt + cap * sizeof nt->e[0]);
		if (!nt)
			return -1;
		if (!t)
			nt->n = 0;
		nt->cap = cap;
		in->trans = t = nt;
	}
	t->e[t->n].fed = fed;
	t->e[t->n].attr = attr;
	t->e[t->n].type = type;
	t->n++;
	return 0;
}

/* WIRE_OM_CHANGE_ATTR_TRANSPORT: every attribute is checked (known
 * instance, defined, owned by the sender) before any is changed. */
int
om_h_change_attr_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	uint32_t obj = wire_get_u32(rd), n, i, a, kc, fed = conn_fed(c)->handle;
	uint8_t type = wire_get_u8(rd);
	const uint8_t *list;
	struct om_instance *in;

	n = wire_get_count(rd, 4);
	list = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (type > FOM_TRANSPORT_BEST_EFFORT)
		return conn_replyf(c, serial,
		    RTI_ERR_INVALID_TRANSPORTATION_TYPE,
		    "transportation type %u is not defined", type), 0;
	in = om_find(fx, obj);
	kc = in ? om_known_class(in, fed) : 0;
	if (!kc)
		return conn_replyf(c, serial,
		    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj), 0;
	for (i = 0; i < n; i++) {
		a = wire_get32(list + 4 * i);
		if (!fom_oclass_has_attr(fx->fom, kc, a))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED, "attribute %u is "
			    "not an attribute of %s", a,
			    fom_oclass(fx->fom, kc)->qname), 0;
		if (om_owner(in, a) != fed)
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_OWNED, "attribute %u of "
			    "instance %s is not owned by this federate", a,
			    in->name), 0;
	}
	/* room first, so that the change is whole or nothing */
	if (trans_reserve(in, n) < 0)
		return conn_replyf(c, serial, RTI_ERR_NO_MEMORY,
		    "out of memory (nothing changed)"), 0;
	for (i = 0; i < n; i++)
		(void)attr_set(in, fed, wire_get32(list + 4 * i), type);
	return conn_reply(c, serial, RTI_OK, NULL, NULL, 0), 0;
}

/* WIRE_OM_QUERY_ATTR_TRANSPORT: reply, then the report: the owner's
 * type, the FOM's when unowned. */
int
om_h_query_attr_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd)
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
	b = srv_frame(conn_srv(c), WIRE_CB_REPORT_ATTR_TRANSPORT, &off);
	wire_put_u32(b, obj);
	wire_put_u32(b, attr);
	wire_put_u8(b, attr_type(fx, in, om_owner(in, attr), attr));
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* WIRE_OM_CHANGE_IC_TRANSPORT. */
int
om_h_change_ic_transport(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	uint32_t cls = wire_get_u32(rd), n;
	uint8_t type = wire_get_u8(rd);
	struct om_fed_trans *t = f->mod[MOD_OM], *nt;

	if (!wire_rd_done(rd))
		return -1;
	if (!fom_iclass(f->fx->fom, cls))
		return conn_replyf(c, serial,
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls), 0;
	if (!dm_iclass_published(f, cls))
		return conn_replyf(c, serial,
		    RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED,
		    "interaction class %s is not published",
		    fom_iclass(f->fx->fom, cls)->qname), 0;
	if (type > FOM_TRANSPORT_BEST_EFFORT)
		return conn_replyf(c, serial,
		    RTI_ERR_INVALID_TRANSPORTATION_TYPE,
		    "transportation type %u is not defined", type), 0;
	if (!t || cls >= t->n) {
		n = f->fx->fom->n_iclasses + 1;
		if (n <= cls)
			n = cls + 1;
		if (!(nt = realloc(t, sizeof *nt + n)))
			return conn_replyf(c, serial, RTI_ERR_NO_MEMORY,
			    "out of memory"), 0;
		memset(nt->ic + (t ? nt->n : 0), 0, n - (t ? nt->n : 0));
		nt->n = n;
		f->mod[MOD_OM] = t = nt;
	}
	t->ic[cls] = (uint8_t)(1 + type);
	return conn_reply(c, serial, RTI_OK, NULL, NULL, 0), 0;
}

/* WIRE_OM_QUERY_IC_TRANSPORT: reply, then the report of the type
 * federate `fed` sends `cls` with. */
int
om_h_query_ic_transport(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	uint32_t fed = wire_get_u32(rd), cls = wire_get_u32(rd);
	struct federate *of;
	const struct om_fed_trans *t;
	const struct fom_iclass *ic;
	struct wire_buf *b;
	size_t off;
	uint8_t type;

	if (!wire_rd_done(rd))
		return -1;
	if (!(ic = fom_iclass(fx->fom, cls)))
		return conn_replyf(c, serial,
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls), 0;
	if (!(of = server_federate(fx, fed)))
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATE_HANDLE_NOT_KNOWN,
		    "federate %u is not joined to %s", fed, fx->name), 0;
	t = of->mod[MOD_OM];
	type = t && cls < t->n && t->ic[cls] ? (uint8_t)(t->ic[cls] - 1) :
	    ic->transport;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(conn_srv(c), WIRE_CB_REPORT_IC_TRANSPORT, &off);
	wire_put_u32(b, fed);
	wire_put_u32(b, cls);
	wire_put_u8(b, type);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}
