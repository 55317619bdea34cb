/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_ddm.c - OM's services that DDM's regions refine (rti-protocol(7),
 * the WIRE_DDM_* messages that act on instances): the send condition and
 * update regions of an instance (telling its knowers its condition, and
 * discovering it to the subscribers it now reaches), an interaction sent
 * with regions, an update request with regions.  OM carries them out
 * (it owns the instances and the routes); DDM checks and matches the
 * regions
 * (ddm.h, "Services OM carries out with regions").  `rtiexec
 * --list-messages` names them DDM's: they are the protocol's DDM
 * messages.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddm.h"
#include "ddmmodel.h"
#include "dm.h"
#include "om_int.h"

/* Send `to` the send condition of `in` (WIRE_DDM_CB_INSTANCE_CONDITION):
 * when it has one, or always with `always` ("" = none). */
void
om_condition_send(struct federation *fx, const struct om_instance *in,
    struct federate *to, int always)
{
	const struct ddm_inst *di = ddm_instance(fx, in->handle);
	const char *cond = di ? di->cond : "";
	struct wire_buf *b;
	size_t off;

	if (!to->conn || (!always && !*cond))
		return;
	b = srv_frame(fx->srv, WIRE_DDM_CB_INSTANCE_CONDITION, &off);
	wire_put_u32(b, in->handle);
	wire_put_str(b, cond);
	wire_frame_end(b, off);
	conn_send_buf(to->conn, b);
}

/* Does `fed` own an attribute of `in` (HLAprivilegeToDeleteObject
 * included)? */
static int
owns_any(const struct om_instance *in, uint32_t fed)
{
	uint32_t i;

	for (i = 0; i < in->n_attrs; i++)
		if (in->owner[i] == fed)
			return 1;
	return 0;
}

/* WIRE_DDM_INSTANCE: u32 obj, u8 set_cond, str cond, u32 n, n x (u32
 * region, u32 k, k x u32 attr).  The instance's update regions become
 * these and, with set_cond, its condition `cond`: a change only by a
 * federate that owns one of its attributes, told to every other
 * federate that knows it; a subscriber that now wants it and did not
 * know it discovers it.  Its attribute relevance follows. */
int
om_h_ddm_instance(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *why;
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	size_t words = dm_words(fx);
	uint32_t obj = wire_get_u32(rd), n, i, j, k;
	uint8_t set_cond = wire_get_u8(rd);
	const char *cond = wire_get_str(rd, WIRE_MAX_NAME);
	const struct ddm_inst *di;
	const struct dm_sub *r;
	struct om_instance *oi;
	struct ddm_assoc *as = NULL;
	char msg[160];
	size_t n_r;
	int rc, changed = 0;

	n = wire_get_count(rd, 8);
	if (rd->err)
		return -1;
	as = calloc(n ? n : 1, sizeof *as);
	if (!as)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	rc = RTI_OK;
	msg[0] = '\0';
	oi = om_find(fx, obj);
	for (i = 0; i < n && !rd->err; i++) {
		const uint8_t *attrs;

		as[i].region = wire_get_u32(rd);
		k = wire_get_count(rd, 4);
		attrs = wire_get_raw(rd, (size_t)k * 4);
		if (rd->err)
			break;
		as[i].attrs = calloc(words, sizeof *as[i].attrs);
		if (!as[i].attrs) {
			rc = RTI_ERR_NO_MEMORY;
			continue;
		}
		for (j = 0; j < k && rc == RTI_OK && oi; j++) {
			uint32_t a = wire_get32(attrs + 4 * j);

			if (!fom_oclass_has_attr(fx->fom, oi->cls, a)) {
				rc = RTI_ERR_ATTRIBUTE_NOT_DEFINED;
				snprintf(msg, sizeof msg, "attribute %u", a);
			}
			bset_add(as[i].attrs, a);
		}
		if (rc == RTI_OK && oi)
			rc = ddm_region_check(f, as[i].region, DDM_OBJECT,
			    oi->cls, attrs, k, msg, sizeof msg);
	}
	if (!wire_rd_done(rd) || set_cond > 1) {
		ddm_assoc_free(as, n);
		return -1;
	}
	if (rc == RTI_OK && (!oi || !om_known_class(oi, f->handle))) {
		rc = RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN;
		snprintf(msg, sizeof msg, "object instance %u", obj);
	}
	di = ddm_instance(fx, obj);
	if (!set_cond)
		cond = di ? di->cond : "";
	if (rc == RTI_OK && *cond && match_cond_check(cond, 0, &why) < 0) {
		rc = RTI_ERR_INVALID_CONDITION;
		snprintf(msg, sizeof msg, "condition '%.80s': %s", cond, why);
	}
	changed = strcmp(cond, di ? di->cond : "") != 0;
	if (rc == RTI_OK && changed && !owns_any(oi, f->handle)) {
		rc = RTI_ERR_ATTRIBUTE_NOT_OWNED;
		snprintf(msg, sizeof msg, "the condition of instance %u: "
		    "this federate owns none of its attributes", obj);
	}
	if (rc == RTI_OK && ddm_instance_set(fx, obj, cond, as, n) < 0)
		rc = RTI_ERR_NO_MEMORY;
	if (rc != RTI_OK) {
		ddm_assoc_free(as, n);
		return conn_reply(c, serial, rc, msg[0] ? msg : NULL, NULL,
		    0), 0;
	}
	for (i = 0; changed && i < oi->n_known; i++) {
		struct federate *to = server_federate(fx, oi->known[i].fed);

		if (to && to != f)
			om_condition_send(fx, oi, to, 1);
	}
	/* a subscriber that wants the instance now (its condition, its
	 * update regions) and did not know it discovers it, with the
	 * condition, as at a registration: a console filtered to a
	 * substation learns of an instance registered with the
	 * substation's condition at once, not at its first update */
	n_r = dm_route_object(fx, oi->cls, &r);
	om_discover_wanting(fx, oi, r, n_r, f);
	om_relevance(fx, oi);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

/* WIRE_DDM_INTERACTION: u32 m, m x u32 region, then a WIRE_OM_INTERACTION
 * payload, sent with those regions. */
int
om_h_ddm_interaction(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t m = wire_get_count(rd, 4), i;
	const uint8_t *regs = wire_get_raw(rd, (size_t)m * 4);
	uint32_t tmp[64], *reg = tmp;
	int rc;

	(void)serial;
	if (rd->err)
		return -1;
	if (m > 64 && !(reg = malloc(m * sizeof *reg)))
		return 0;
	for (i = 0; i < m; i++)
		reg[i] = wire_get32(regs + 4 * i);
	rc = om_interaction(c, rd, reg, m);
	if (reg != tmp)
		free(reg);
	return rc;
}

/* WIRE_DDM_REQUEST_UPDATE: u32 cls, blob tag, u32 n, n x u32 attr, u32 m,
 * m x u32 region.  The owners of the attributes whose update regions
 * overlap one of the regions, on the instances of `cls` and its
 * subclasses, are asked to provide them. */
int
om_h_ddm_request_update(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct match_region q[64];
	struct om_instance *oi;
	const uint8_t *attrs, *regs;
	const void *tag;
	uint32_t cls, tag_len, n, m, i, k;
	uint8_t *sel;
	char msg[160];
	int rc;

	cls = wire_get_u32(rd);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	m = wire_get_count(rd, 4);
	regs = wire_get_raw(rd, (size_t)m * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (!fom_oclass(fx->fom, cls))
		return conn_replyf(c, serial, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls), 0;
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(fx->fom, cls, wire_get32(attrs +
		    4 * i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED, "attribute %u is "
			    "not an attribute of %s",
			    wire_get32(attrs + 4 * i),
			    fom_oclass(fx->fom, cls)->qname), 0;
	if (m > 64)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions"), 0;
	for (i = 0; i < m; i++) {
		rc = ddm_region_check(f, wire_get32(regs + 4 * i), DDM_OBJECT,
		    cls, attrs, n, msg, sizeof msg);
		if (rc != RTI_OK)
			return conn_reply(c, serial, rc, msg, NULL, 0), 0;
		ddm_region_ranges(fx, wire_get32(regs + 4 * i), &q[i]);
	}
	if (!(sel = malloc(n ? (size_t)n * 4 : 1)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL,
		    0), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	for (oi = om_first(fx); oi; oi = om_next(fx, oi)) {
		const struct ddm_inst *in;

		if (!fom_oclass_is_a(fx->fom, oi->cls, cls))
			continue;
		in = ddm_instance(fx, oi->handle);
		for (i = k = 0; i < n; i++)
			if (ddm_attr_overlaps(fx, in, wire_get32(attrs +
			    4 * i), q, m))
				wire_put32(sel + 4 * k++,
				    wire_get32(attrs + 4 * i));
		if (k)
			om_solicit(fx, oi, sel, k, tag, tag_len, f->handle);
	}
	free(sel);
	return 0;
}
