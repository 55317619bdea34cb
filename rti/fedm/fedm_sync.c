/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_sync.c - synchronization points of FedM: registration (with a set
 * of federates or the whole federation, late joiners included),
 * announcement, achievement and completion, and federates that leave
 * while one is pending.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fedm.h"
#include "fedm_int.h"

#define FEDM_MAX_SYNC_SET 65536

struct sync_point {
	char *label;
	void *tag;
	uint32_t tag_len;
	int whole_federation;     /* registered with an empty set */
	uint32_t n;
	uint32_t *members;
	uint8_t *achieved;        /* 0 = no, 1 = yes, 2 = yes, unsuccessfully */
	struct sync_point *next;
};

static struct sync_point *
sync_find(struct fedm_fx *st, const char *label)
{
	struct sync_point *sp;

	for (sp = st->syncs; sp; sp = sp->next)
		if (strcmp(sp->label, label) == 0)
			return sp;
	return NULL;
}

static void
sync_free(struct sync_point *sp)
{
	free(sp->label);
	free(sp->tag);
	free(sp->members);
	free(sp->achieved);
	free(sp);
}

static void
send_announce(struct federation *fx, struct sync_point *sp, uint32_t to)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(fx->srv, WIRE_CB_SYNC_ANNOUNCE, &off);
	wire_put_str(b, sp->label);
	wire_put_blob(b, sp->tag, sp->tag_len);
	wire_frame_end(b, off);
	fedm_send_to(fx, to, b);
}

/* If every member achieved, tell them all and drop the point. */
static void
sync_check_complete(struct federation *fx, struct sync_point *sp)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct sync_point **pp;
	struct wire_buf *b;
	size_t off, cnt;
	uint32_t i, nfail = 0;

	for (i = 0; i < sp->n; i++)
		if (!sp->achieved[i])
			return;
	b = srv_frame(fx->srv, WIRE_CB_SYNCHRONIZED, &off);
	wire_put_str(b, sp->label);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (i = 0; i < sp->n; i++)
		if (sp->achieved[i] == 2) {
			wire_put_u32(b, sp->members[i]);
			nfail++;
		}
	wire_patch_u32(b, cnt, nfail);
	wire_frame_end(b, off);
	for (i = 0; i < sp->n; i++)
		fedm_send_to(fx, sp->members[i], b);
	events_add(fx, EV_SYNC_DONE, NULL, "'%s': %u members, %u of them "
	    "unsuccessfully", sp->label, sp->n, nfail);
	for (pp = &st->syncs; *pp; pp = &(*pp)->next)
		if (*pp == sp) {
			*pp = sp->next;
			break;
		}
	sync_free(sp);
}

static int
sync_add_member(struct sync_point *sp, uint32_t h)
{
	uint32_t *m;
	uint8_t *a;

	m = realloc(sp->members, (sp->n + 1) * sizeof *m);
	if (!m)
		return -1;
	sp->members = m;
	a = realloc(sp->achieved, sp->n + 1);
	if (!a)
		return -1;
	sp->achieved = a;
	sp->members[sp->n] = h;
	sp->achieved[sp->n] = 0;
	sp->n++;
	return 0;
}

static void
sync_reg_reply(struct conn *c, const char *label, int ok, uint32_t reason)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(conn_srv(c),
	    ok ? WIRE_CB_SYNC_REG_OK : WIRE_CB_SYNC_REG_FAIL,
	    &off);
	wire_put_str(b, label);
	if (!ok)
		wire_put_u32(b, reason);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

int
fedm_h_sync_register(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	const char *label;
	const void *tag;
	const uint8_t *set;
	uint32_t tag_len, n, i, j;
	struct sync_point *sp;

	label = wire_get_str(rd, WIRE_MAX_NAME);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	set = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (!*label)
		return conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
		    "empty synchronization point label"), 0;
	if (n > FEDM_MAX_SYNC_SET)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "synchronization set too large"), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	if (sync_find(st, label)) {
		sync_reg_reply(c, label, 0, RTI_SYNC_POINT_LABEL_NOT_UNIQUE);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!server_federate(fx, wire_get32(set + 4 * i))) {
			sync_reg_reply(c, label, 0,
			    RTI_SYNC_SET_MEMBER_NOT_JOINED);
			return 0;
		}
	sp = calloc(1, sizeof *sp);
	if (!sp || !(sp->label = strdup(label)) ||
	    (tag_len && !(sp->tag = malloc(tag_len))))
		goto oom;
	if (tag_len)
		memcpy(sp->tag, tag, tag_len);
	sp->tag_len = tag_len;
	sp->whole_federation = (n == 0);
	if (n == 0) {
		for (i = 0; i < fx->n_feds; i++)
			if (sync_add_member(sp, fx->feds[i]->handle) < 0)
				goto oom;
	} else {
		for (i = 0; i < n; i++) {
			uint32_t h = wire_get32(set + 4 * i);

			for (j = 0; j < sp->n && sp->members[j] != h; j++)
				;
			if (j == sp->n && sync_add_member(sp, h) < 0)
				goto oom;
		}
	}
	sp->next = st->syncs;
	st->syncs = sp;
	sync_reg_reply(c, label, 1, 0);
	events_add(fx, EV_SYNC_REGISTERED, conn_fed(c), "'%s' with %s (%u "
	    "members)", label, sp->whole_federation ? "the whole federation" :
	    "a set", sp->n);
	for (i = 0; i < sp->n; i++)
		send_announce(fx, sp, sp->members[i]);
	return 0;
oom:
	if (sp)
		sync_free(sp);
	rti_log(conn_srv(c), LOG_ERROR, "out of memory registering sync point");
	return 0;
}

int
fedm_h_sync_achieved(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	const char *label;
	struct sync_point *sp;
	uint8_t ok;
	uint32_t i;

	label = wire_get_str(rd, WIRE_MAX_NAME);
	ok = wire_get_u8(rd);
	if (!wire_rd_done(rd))
		return -1;
	sp = sync_find(st, label);
	for (i = 0; sp && i < sp->n; i++)
		if (sp->members[i] == conn_fed(c)->handle)
			break;
	if (!sp || i == sp->n || sp->achieved[i])
		return conn_replyf(c, serial,
		    RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED,
		    "synchronization point '%s' is not announced to this "
		    "federate or already achieved", label), 0;
	sp->achieved[i] = ok ? 1 : 2;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	sync_check_complete(fx, sp);
	return 0;
}

void
fedm_sync_late_joiner(struct federate *f)
{
	struct fedm_fx *st = f->fx->mod[MOD_FEDM];
	struct sync_point *sp;

	for (sp = st->syncs; sp; sp = sp->next)
		if (sp->whole_federation &&
		    sync_add_member(sp, f->handle) == 0)
			send_announce(f->fx, sp, f->handle);
}

void
fedm_sync_fini(struct federation *fx)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct sync_point *sp;

	while ((sp = st->syncs)) {
		st->syncs = sp->next;
		sync_free(sp);
	}
}

/* `f` leaves: it drops out of every pending point; the points it was the
 * last holdout of complete. */
void
fedm_sync_leave(struct federate *f)
{
	struct fedm_fx *st = f->fx->mod[MOD_FEDM];
	struct sync_point *sp, *next;
	uint32_t i;

	for (sp = st->syncs; sp; sp = next) {
		next = sp->next;
		for (i = 0; i < sp->n; i++)
			if (sp->members[i] == f->handle)
				break;
		if (i == sp->n)
			continue;
		memmove(&sp->members[i], &sp->members[i + 1],
		    (sp->n - i - 1) * sizeof *sp->members);
		memmove(&sp->achieved[i], &sp->achieved[i + 1],
		    sp->n - i - 1);
		sp->n--;
		if (sp->n == 0) {
			struct sync_point **pp;

			for (pp = &st->syncs; *pp != sp; pp = &(*pp)->next)
				;
			*pp = sp->next;
			sync_free(sp);
		} else {
			sync_check_complete(f->fx, sp);
		}
	}
}

/* ---- save and restore (fedm_store.c) ---- */

int
fedm_sync_save(struct federation *fx, struct wire_buf *out)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct sync_point *sp;
	uint32_t n = 0, i;
	size_t cnt = out->len;

	wire_put_u32(out, 0);
	for (sp = st->syncs; sp; sp = sp->next, n++) {
		wire_put_str(out, sp->label);
		wire_put_blob(out, sp->tag, sp->tag_len);
		wire_put_u8(out, (uint8_t)sp->whole_federation);
		wire_put_u32(out, sp->n);
		for (i = 0; i < sp->n; i++) {
			wire_put_u32(out, sp->members[i]);
			wire_put_u8(out, sp->achieved[i]);
		}
	}
	if (!out->oom)
		wire_patch_u32(out, cnt, n);
	return out->oom ? -1 : 0;
}

void
fedm_sync_discard(struct sync_point *list)
{
	struct sync_point *sp;

	while ((sp = list)) {
		list = sp->next;
		sync_free(sp);
	}
}

int
fedm_sync_stage(const struct restore_saved *saved, struct wire_rd *rd,
    struct sync_point **out)
{
	struct sync_point *list = NULL, **tail = &list, *sp, *o;
	uint32_t n = wire_get_count(rd, 13), i, j, k, len;
	const char *label;
	const void *tag;

	for (i = 0; i < n && !rd->err; i++) {
		label = wire_get_str(rd, WIRE_MAX_NAME);
		tag = wire_get_blob(rd, &len, WIRE_MAX_TAG);
		if (rd->err)
			break;
		if (!(sp = calloc(1, sizeof *sp)))
			goto oom;
		*tail = sp;
		tail = &sp->next;
		sp->whole_federation = wire_get_u8(rd);
		sp->n = wire_get_count(rd, 5);
		if (rd->err || sp->whole_federation > 1 || !*label)
			goto bad;
		for (o = list; o != sp; o = o->next)
			if (strcmp(o->label, label) == 0)
				goto bad;
		if (!(sp->label = strdup(label)) ||
		    !(sp->tag = malloc(len ? len : 1)) ||
		    !(sp->members = calloc(sp->n ? sp->n : 1,
		    sizeof *sp->members)) ||
		    !(sp->achieved = calloc(sp->n ? sp->n : 1, 1)))
			goto oom;
		memcpy(sp->tag, tag, len);
		sp->tag_len = len;
		for (j = 0; j < sp->n; j++) {
			sp->members[j] = wire_get_u32(rd);
			sp->achieved[j] = wire_get_u8(rd);
			if (rd->err || sp->achieved[j] > 2)
				goto bad;
			for (k = 0; k < saved->n; k++)
				if (saved->handles[k] == sp->members[j])
					break;
			if (k == saved->n)
				goto bad;
		}
	}
	if (rd->err)
		goto bad;
	*out = list;
	return RTI_OK;
oom:
	fedm_sync_discard(list);
	return RTI_ERR_NO_MEMORY;
bad:
	fedm_sync_discard(list);
	return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
}

void
fedm_sync_apply(struct federation *fx, struct sync_point *list)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];

	fedm_sync_fini(fx);
	st->syncs = list;
}

void
fedm_sync_each(struct federation *fx, fedm_sync_fn fn, void *arg)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	const struct sync_point *sp;

	for (sp = st ? st->syncs : NULL; sp; sp = sp->next)
		fn(arg, sp->label, sp->n, sp->members, sp->achieved);
}
