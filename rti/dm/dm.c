/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dm.c - declaration management: publication and subscription of object
 * class attributes and interaction classes, relevance advisories, and the
 * subscriber lists of each class.  The per-class routing index built from
 * them (most specific subscribed class = known class) and the queries the
 * other modules make are dm_route.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm_int.h"

static struct dm_fx *
fxst(struct federation *fx)
{
	return dm_fxst(fx);
}

static struct dm_fed *
fst(struct federate *f)
{
	return dm_fst(f);
}

/* ---- subscriber lists (what the routing index is built from) ---- */

static int
subs_add(struct dm_class *dc, struct federate *f)
{
	uint32_t i;

	for (i = 0; i < dc->n_subs; i++)
		if (dc->subs[i] == f)
			return 0;
	if (dc->n_subs == dc->cap_subs) {
		uint32_t cap = dc->cap_subs ? dc->cap_subs * 2 : 4;
		struct federate **ns = realloc(dc->subs, cap * sizeof *ns);

		if (!ns)
			return -1;
		dc->subs = ns;
		dc->cap_subs = cap;
	}
	dc->subs[dc->n_subs++] = f;
	return 0;
}

static void
subs_del(struct dm_class *dc, struct federate *f)
{
	uint32_t i;

	for (i = 0; i < dc->n_subs; i++)
		if (dc->subs[i] == f) {
			dc->subs[i] = dc->subs[--dc->n_subs];
			return;
		}
}

/* ---- handlers ---- */

/*
 * Read "u32 cls, [u8 active,] u32 n, n x u32 attr" into a new set (caller
 * frees).  Returns 0 (request answered with an error when *set stays NULL
 * and *answered is 1), or -1 when malformed.
 */
static int
read_attr_set(struct conn *c, uint32_t serial, struct wire_rd *rd,
    int with_active, uint32_t *cls, uint8_t *active, uint64_t **set,
    uint32_t *n_out, int *answered)
{
	struct federation *fx = conn_fed(c)->fx;
	struct dm_fx *st = fxst(fx);
	const uint8_t *p;
	uint32_t n, i, a;

	*set = NULL;
	*answered = 0;
	*cls = wire_get_u32(rd);
	if (with_active)
		*active = wire_get_u8(rd);
	n = wire_get_count(rd, 4);
	p = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	*n_out = n;
	if (*cls == 0 || *cls > st->n_oc) {
		*answered = 1;
		return conn_replyf(c, serial, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", *cls), 0;
	}
	for (i = 0; i < n; i++) {
		a = wire_get32(p + 4 * i);
		if (!fom_oclass_has_attr(fx->fom, *cls, a)) {
			*answered = 1;
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s", a,
			    fom_oclass(fx->fom, *cls)->qname), 0;
		}
	}
	*set = calloc(st->words, sizeof **set);
	if (!*set) {
		*answered = 1;
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	for (i = 0; i < n; i++)
		bset_add(*set, wire_get32(p + 4 * i));
	return 0;
}

static int
h_publish_oc(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint64_t *set;
	uint32_t cls, n;
	size_t w;
	int answered;

	if (read_attr_set(c, serial, rd, 0, &cls, NULL, &set, &n,
	    &answered) < 0)
		return -1;
	if (answered)
		return 0;
	if (n == 0) {
		free(set);
	} else if (!df->pub[cls]) {
		if (dm_pubs_add(conn_fed(c)->fx, 0, cls, conn_fed(c)) < 0) {
			free(set);
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		}
		df->pub[cls] = set;
	} else {
		for (w = 0; w < st->words; w++)
			df->pub[cls][w] |= set[w];
		free(set);
	}
	if (n)
		server_published(conn_fed(c), CLASS_OBJECT, cls);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	dm_relevance_fed(conn_fed(c));
	return 0;
}

static int
h_unpublish_oc(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint64_t *set, *old;
	uint32_t cls, n;
	char msg[160];
	size_t w;
	int answered, all, err;

	if (read_attr_set(c, serial, rd, 0, &cls, NULL, &set, &n,
	    &answered) < 0)
		return -1;
	if (answered)
		return 0;
	old = df->pub[cls];
	if (!old) {
		free(set);
		return conn_reply(c, serial, RTI_OK, NULL, NULL, 0), 0;
	}
	/* set := removed attributes; all := nothing stays */
	for (w = 0, all = 1; w < st->words; w++) {
		set[w] = n ? set[w] & old[w] : old[w];
		all &= (old[w] & ~set[w]) == 0;
	}
	if ((err = server_can_unpublish(conn_fed(c), cls, set, all, msg,
	    sizeof msg))) {
		free(set);
		return conn_reply(c, serial, err, msg, NULL, 0), 0;
	}
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	/* old := what stays */
	for (w = 0; w < st->words; w++)
		old[w] &= ~set[w];
	if (bset_empty(old, st->words)) {
		free(old);
		df->pub[cls] = NULL;
		df->adv_oc[cls] = 0;
		dm_pubs_del(conn_fed(c)->fx, 0, cls, conn_fed(c));
	}
	server_unpublished(conn_fed(c), cls, set);
	free(set);
	dm_relevance_fed(conn_fed(c));
	return 0;
}

static int
h_subscribe_oc(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint64_t *set;
	uint32_t cls, n;
	uint8_t active;
	size_t w;
	int answered;

	if (read_attr_set(c, serial, rd, 1, &cls, &active, &set, &n,
	    &answered) < 0)
		return -1;
	if (answered)
		return 0;
	if (n == 0) {
		free(set);
		return conn_reply(c, serial, RTI_OK, NULL, NULL, 0), 0;
	}
	if (subs_add(&st->oc[cls], conn_fed(c)) < 0) {
		free(set);
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	if (!df->sub[cls]) {
		df->sub[cls] = set;
	} else {
		for (w = 0; w < st->words; w++)
			df->sub[cls][w] |= set[w];
		free(set);
	}
	df->sub_active[cls] = active ? 1 : 0;
	dm_class_changed(conn_fed(c)->fx, 0, cls);
	server_sub_changed(conn_fed(c), CLASS_OBJECT, cls, 1);
	server_sub_reply(c, serial, RTI_OK);
	server_sub_applied(conn_fed(c), cls);
	return 0;
}

int
dm_subscribe_oc(struct federate *f, uint32_t cls, const uint64_t *attrs,
    int active)
{
	struct dm_fed *df = fst(f);
	struct dm_fx *st = fxst(f->fx);
	size_t w;

	if (subs_add(&st->oc[cls], f) < 0)
		return -1;
	if (!df->sub[cls]) {
		df->sub[cls] = calloc(st->words, sizeof *df->sub[cls]);
		if (!df->sub[cls]) {
			subs_del(&st->oc[cls], f);
			return -1;
		}
	}
	for (w = 0; w < st->words; w++)
		df->sub[cls][w] |= attrs[w];
	df->sub_active[cls] = active ? 1 : 0;
	dm_class_changed(f->fx, 0, cls);
	server_sub_applied(f, cls);
	return 0;
}

int
dm_subscribe_ic(struct federate *f, uint32_t cls, int active)
{
	struct dm_fx *st = fxst(f->fx);

	if (subs_add(&st->ic[cls], f) < 0)
		return -1;
	fst(f)->sub_ic[cls] = active ? 2 : 1;
	dm_class_changed(f->fx, 1, cls);
	return 0;
}

void
dm_unsubscribe(struct federate *f, int interaction, uint32_t cls)
{
	struct dm_fed *df = fst(f);
	struct dm_fx *st = fxst(f->fx);

	if (interaction) {
		if (!df->sub_ic[cls])
			return;
		df->sub_ic[cls] = 0;
		subs_del(&st->ic[cls], f);
	} else {
		if (!df->sub[cls])
			return;
		free(df->sub[cls]);
		df->sub[cls] = NULL;
		df->sub_active[cls] = 0;
		subs_del(&st->oc[cls], f);
	}
	dm_class_changed(f->fx, interaction, cls);
	if (!interaction)
		server_sub_applied(f, cls);
}

static int
h_unsubscribe_oc(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint64_t *set, *old;
	uint32_t cls, n;
	size_t w;
	int answered;

	if (read_attr_set(c, serial, rd, 0, &cls, NULL, &set, &n,
	    &answered) < 0)
		return -1;
	if (answered)
		return 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	old = df->sub[cls];
	if (old) {
		for (w = 0; w < st->words; w++)
			old[w] &= n ? ~set[w] : 0;
		if (bset_empty(old, st->words)) {
			free(old);
			df->sub[cls] = NULL;
			df->sub_active[cls] = 0;
			subs_del(&st->oc[cls], conn_fed(c));
		}
		dm_class_changed(conn_fed(c)->fx, 0, cls);
		server_sub_changed(conn_fed(c), CLASS_OBJECT, cls,
		    df->sub[cls] ? 0 : -1);
		server_sub_applied(conn_fed(c), cls);
	}
	free(set);
	return 0;
}

/* Read "u32 cls [, u8 active]" of an interaction class message; 0 with
 * *ok = 0 when answered with an error, -1 when malformed. */
static int
read_iclass(struct conn *c, uint32_t serial, struct wire_rd *rd,
    int with_active, uint32_t *cls, uint8_t *active, int *ok)
{
	*ok = 0;
	*cls = wire_get_u32(rd);
	if (with_active)
		*active = wire_get_u8(rd);
	if (!wire_rd_done(rd))
		return -1;
	if (*cls == 0 || *cls > fxst(conn_fed(c)->fx)->n_ic)
		return conn_replyf(c, serial,
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", *cls), 0;
	*ok = 1;
	return 0;
}

static int
h_publish_ic(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t cls;
	int ok;

	if (read_iclass(c, serial, rd, 0, &cls, NULL, &ok) < 0)
		return -1;
	if (!ok)
		return 0;
	if (!fst(conn_fed(c))->pub_ic[cls] &&
	    dm_pubs_add(conn_fed(c)->fx, 1, cls, conn_fed(c)) < 0)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	fst(conn_fed(c))->pub_ic[cls] = 1;
	server_published(conn_fed(c), CLASS_INTERACTION, cls);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	dm_relevance_fed(conn_fed(c));
	return 0;
}

static int
h_unpublish_ic(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	uint32_t cls;
	int ok;

	if (read_iclass(c, serial, rd, 0, &cls, NULL, &ok) < 0)
		return -1;
	if (!ok)
		return 0;
	if (df->pub_ic[cls])
		dm_pubs_del(conn_fed(c)->fx, 1, cls, conn_fed(c));
	df->pub_ic[cls] = 0;
	df->adv_ic[cls] = 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_subscribe_ic(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint32_t cls;
	uint8_t active;
	int ok;

	if (read_iclass(c, serial, rd, 1, &cls, &active, &ok) < 0)
		return -1;
	if (!ok)
		return 0;
	if (subs_add(&st->ic[cls], conn_fed(c)) < 0)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	fst(conn_fed(c))->sub_ic[cls] = active ? 2 : 1;
	dm_class_changed(conn_fed(c)->fx, 1, cls);
	server_sub_changed(conn_fed(c), CLASS_INTERACTION, cls, 1);
	server_sub_reply(c, serial, RTI_OK);
	return 0;
}

static int
h_unsubscribe_ic(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint32_t cls;
	int ok;

	if (read_iclass(c, serial, rd, 0, &cls, NULL, &ok) < 0)
		return -1;
	if (!ok)
		return 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	if (fst(conn_fed(c))->sub_ic[cls]) {
		fst(conn_fed(c))->sub_ic[cls] = 0;
		subs_del(&st->ic[cls], conn_fed(c));
		dm_class_changed(conn_fed(c)->fx, 1, cls);
		server_sub_changed(conn_fed(c), CLASS_INTERACTION, cls, -1);
	}
	return 0;
}

static int
h_set_switch(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct dm_fed *df = fst(conn_fed(c));
	struct dm_fx *st = fxst(conn_fed(c)->fx);
	uint8_t sw = wire_get_u8(rd), on = wire_get_u8(rd);
	int was;

	if (!wire_rd_done(rd) || sw > WIRE_SWITCH_ATTRIBUTE_RELEVANCE)
		return -1;
	was = df->sw[sw];
	df->sw[sw] = on ? 1 : 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	if (was == df->sw[sw])
		return 0;
	if (sw == WIRE_SWITCH_ATTRIBUTE_RELEVANCE)
		st->n_attr_adv += on ? 1 : -1;
	if (sw == WIRE_SWITCH_CLASS_RELEVANCE && !on)
		memset(df->adv_oc, 0, st->n_oc + 1);
	if (sw == WIRE_SWITCH_INTERACTION_RELEVANCE && !on)
		memset(df->adv_ic, 0, st->n_ic + 1);
	server_switch_changed(conn_fed(c), sw, df->sw[sw]);
	if (sw == WIRE_SWITCH_ATTRIBUTE_RELEVANCE)
		return 0;
	dm_relevance_fed(conn_fed(c));
	return 0;
}

/* ---- module hooks ---- */

static int
dm_federation_init(struct federation *fx)
{
	struct dm_fx *st = calloc(1, sizeof *st);

	if (!st)
		return -1;
	fx->mod[MOD_DM] = st;
	st->words = fx->attr_words;
	st->n_oc = fx->fom->n_oclasses;
	st->n_ic = fx->fom->n_iclasses;
	st->oc = calloc(st->n_oc + 1, sizeof *st->oc);
	st->ic = calloc(st->n_ic + 1, sizeof *st->ic);
	return st->oc && st->ic ? 0 : -1;
}

static void
class_tab_free(struct dm_class *tab, uint32_t n)
{
	uint32_t i;

	if (!tab)
		return;
	for (i = 0; i <= n; i++) {
		free(tab[i].subs);
		free(tab[i].pubs);
		free(tab[i].routes);
	}
	free(tab);
}

static void
dm_federation_fini(struct federation *fx)
{
	struct dm_fx *st = fxst(fx);

	if (!st)
		return;
	class_tab_free(st->oc, st->n_oc);
	class_tab_free(st->ic, st->n_ic);
	free(st->rel_feds);
	free(st);
	fx->mod[MOD_DM] = NULL;
}

static void
dm_federate_fini(struct federate *f)
{
	struct dm_fed *df = fst(f);
	struct dm_fx *st = fxst(f->fx);
	uint32_t c;

	if (!df)
		return;
	for (c = 0; df->pub && df->sub && c <= st->n_oc; c++) {
		free(df->pub[c]);
		free(df->sub[c]);
	}
	free(df->pub);
	free(df->sub);
	free(df->sub_active);
	free(df->pub_ic);
	free(df->sub_ic);
	free(df->adv_oc);
	free(df->adv_ic);
	free(df);
	f->mod[MOD_DM] = NULL;
}

static int
dm_federate_join(struct federate *f)
{
	struct dm_fx *st = fxst(f->fx);
	struct dm_fed *df = calloc(1, sizeof *df);

	if (!df)
		return -1;
	f->mod[MOD_DM] = df;
	df->pub = calloc(st->n_oc + 1, sizeof *df->pub);
	df->sub = calloc(st->n_oc + 1, sizeof *df->sub);
	df->sub_active = calloc(st->n_oc + 1, 1);
	df->adv_oc = calloc(st->n_oc + 1, 1);
	df->pub_ic = calloc(st->n_ic + 1, 1);
	df->sub_ic = calloc(st->n_ic + 1, 1);
	df->adv_ic = calloc(st->n_ic + 1, 1);
	df->sw[WIRE_SWITCH_CLASS_RELEVANCE] = 1;
	df->sw[WIRE_SWITCH_INTERACTION_RELEVANCE] = 1;
	if (!df->pub || !df->sub || !df->sub_active || !df->adv_oc ||
	    !df->pub_ic || !df->sub_ic || !df->adv_ic) {
		dm_federate_fini(f);
		return -1;
	}
	return 0;
}

/* The federate leaves: its subscriptions stop routing, publishers that
 * only it made relevant are told, attribute relevance is recomputed. */
static void
dm_federate_resign(struct federate *f, int action)
{
	struct dm_fed *df = fst(f);
	struct dm_fx *st = fxst(f->fx);
	uint32_t c;

	(void)action;
	if (!df)
		return;
	df->leaving = 1;
	dm_relevance_forget(f);
	if (df->sw[WIRE_SWITCH_ATTRIBUTE_RELEVANCE])
		st->n_attr_adv--;
	/* sub_active marks the classes whose subscription goes away */
	for (c = 1; c <= st->n_oc; c++) {
		df->sub_active[c] = df->sub[c] != NULL;
		if (df->sub[c]) {
			free(df->sub[c]);
			df->sub[c] = NULL;
			subs_del(&st->oc[c], f);
			dm_class_changed(f->fx, 0, c);
		}
	}
	for (c = 1; c <= st->n_ic; c++)
		if (df->sub_ic[c]) {
			df->sub_ic[c] = 0;
			subs_del(&st->ic[c], f);
			dm_class_changed(f->fx, 1, c);
		}
	for (c = 1; c <= st->n_oc; c++)
		if (df->sub_active[c])
			server_sub_applied(f, c);
}

/* The fom_grown event: the class tables and every federate's, extended
 * with empty entries for the new classes. */
static int
dm_fom_grown(struct federation *fx, const struct fom_sizes *was)
{
	struct dm_fx *st = fxst(fx);
	uint32_t noc = fx->fom->n_oclasses, nic = fx->fom->n_iclasses, i;

	(void)was;
	if (wire_grow_table(&st->oc, st->n_oc, noc, sizeof *st->oc) ||
	    wire_grow_table(&st->ic, st->n_ic, nic, sizeof *st->ic))
		return -1;
	for (i = 0; i < fx->n_feds; i++) {
		struct dm_fed *df = fst(fx->feds[i]);

		if (!df)
			continue;
		if (wire_grow_table(&df->pub, st->n_oc, noc,
		    sizeof *df->pub) ||
		    wire_grow_table(&df->sub, st->n_oc, noc,
		    sizeof *df->sub) ||
		    wire_grow_table(&df->sub_active, st->n_oc, noc, 1) ||
		    wire_grow_table(&df->adv_oc, st->n_oc, noc, 1) ||
		    wire_grow_table(&df->pub_ic, st->n_ic, nic, 1) ||
		    wire_grow_table(&df->sub_ic, st->n_ic, nic, 1) ||
		    wire_grow_table(&df->adv_ic, st->n_ic, nic, 1))
			return -1;
	}
	st->n_oc = noc;
	st->n_ic = nic;
	dm_all_changed(fx);
	return 0;
}

/* ---- save and restore ---- */

/*
 * DM's section (rti-save(5)): u16 version 1, u32 object classes, u32
 * interaction classes, u32 words of an attribute set, u32 n, n x (u32
 * federate, u8 x 3 switches, u32 k, k x (u32 object class, u8 flags
 * (DMS_*), [words x u64 published set], [words x u64 subscribed set]),
 * u32 m, m x (u32 interaction class, u8 published, u8 subscribed (1
 * passively, 2 actively), u8 advised)).  Only classes with something
 * are listed.
 */
#define DM_SAVE_VERSION 1
#define DMS_PUB 0x01
#define DMS_SUB 0x02
#define DMS_ACTIVE 0x04
#define DMS_ADVISED 0x08

static int
dm_save_state(struct federation *fx, struct wire_buf *out)
{
	struct dm_fx *st = fxst(fx);
	uint32_t i, c, w;
	size_t cnt;

	wire_put_u16(out, DM_SAVE_VERSION);
	wire_put_u32(out, st->n_oc);
	wire_put_u32(out, st->n_ic);
	wire_put_u32(out, (uint32_t)st->words);
	wire_put_u32(out, fx->n_feds);
	for (i = 0; i < fx->n_feds; i++) {
		struct dm_fed *df = fst(fx->feds[i]);
		uint32_t k = 0;

		wire_put_u32(out, fx->feds[i]->handle);
		wire_put_u8(out, df->sw[0]);
		wire_put_u8(out, df->sw[1]);
		wire_put_u8(out, df->sw[2]);
		cnt = out->len;
		wire_put_u32(out, 0);
		for (c = 1; c <= st->n_oc; c++) {
			uint8_t fl = (df->pub[c] ? DMS_PUB : 0) |
			    (df->sub[c] ? DMS_SUB : 0) |
			    (df->sub_active[c] ? DMS_ACTIVE : 0) |
			    (df->adv_oc[c] ? DMS_ADVISED : 0);

			if (!fl)
				continue;
			k++;
			wire_put_u32(out, c);
			wire_put_u8(out, fl);
			for (w = 0; df->pub[c] && w < st->words; w++)
				wire_put_u64(out, df->pub[c][w]);
			for (w = 0; df->sub[c] && w < st->words; w++)
				wire_put_u64(out, df->sub[c][w]);
		}
		if (!out->oom)
			wire_patch_u32(out, cnt, k);
		cnt = out->len;
		wire_put_u32(out, 0);
		for (c = 1, k = 0; c <= st->n_ic; c++) {
			if (!df->pub_ic[c] && !df->sub_ic[c] && !df->adv_ic[c])
				continue;
			k++;
			wire_put_u32(out, c);
			wire_put_u8(out, df->pub_ic[c]);
			wire_put_u8(out, df->sub_ic[c]);
			wire_put_u8(out, df->adv_ic[c]);
		}
		if (!out->oom)
			wire_patch_u32(out, cnt, k);
	}
	return out->oom ? -1 : 0;
}

struct dm_staged {
	uint32_t n;
	uint32_t *handles;
	struct dm_fed **feds;
	uint32_t n_oc;
};

/* Free a dm_fed of `n_oc` object classes. */
static void
fed_free(struct dm_fed *df, uint32_t n_oc)
{
	uint32_t c;

	if (!df)
		return;
	for (c = 0; df->pub && df->sub && c <= n_oc; c++) {
		free(df->pub[c]);
		free(df->sub[c]);
	}
	free(df->pub);
	free(df->sub);
	free(df->sub_active);
	free(df->pub_ic);
	free(df->sub_ic);
	free(df->adv_oc);
	free(df->adv_ic);
	free(df);
}

static struct dm_fed *
fed_new(uint32_t n_oc, uint32_t n_ic)
{
	struct dm_fed *df = calloc(1, sizeof *df);

	if (!df)
		return NULL;
	df->pub = calloc(n_oc + 1, sizeof *df->pub);
	df->sub = calloc(n_oc + 1, sizeof *df->sub);
	df->sub_active = calloc(n_oc + 1, 1);
	df->adv_oc = calloc(n_oc + 1, 1);
	df->pub_ic = calloc(n_ic + 1, 1);
	df->sub_ic = calloc(n_ic + 1, 1);
	df->adv_ic = calloc(n_ic + 1, 1);
	if (!df->pub || !df->sub || !df->sub_active || !df->adv_oc ||
	    !df->pub_ic || !df->sub_ic || !df->adv_ic) {
		fed_free(df, n_oc);
		return NULL;
	}
	return df;
}

static void
dm_restore_discard(void *p)
{
	struct dm_staged *s = p;
	uint32_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		fed_free(s->feds[i], s->n_oc);
	free(s->feds);
	free(s->handles);
	free(s);
}

/* A set of `words` words read into a new array, or NULL (rd->err set
 * on a short read; ENOMEM: *oom). */
static uint64_t *
get_set(struct wire_rd *rd, size_t words, int *oom)
{
	uint64_t *set;
	size_t w;

	if (wire_rd_left(rd) < words * 8) {
		rd->err = 1;
		return NULL;
	}
	if (!(set = calloc(words, sizeof *set))) {
		*oom = 1;
		return NULL;
	}
	for (w = 0; w < words; w++)
		set[w] = wire_get_u64(rd);
	return set;
}

static int
dm_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct dm_fx *st = fxst(fx);
	struct dm_staged *s;
	uint32_t i, j, k, c, n;
	int oom = 0;

	*staged = NULL;
	if (wire_rd_left(rd) == 0)
		return RTI_OK;
	if (wire_get_u16(rd) != DM_SAVE_VERSION || rd->err) {
		snprintf(msg, len, "DM section of an unknown version");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	if (wire_get_u32(rd) != st->n_oc || wire_get_u32(rd) != st->n_ic ||
	    wire_get_u32(rd) != st->words || rd->err)
		goto bad;
	n = wire_get_count(rd, 15);
	if (rd->err || n > saved->n)
		goto bad;
	if (!(s = calloc(1, sizeof *s)) ||
	    !(s->feds = calloc(n ? n : 1, sizeof *s->feds)) ||
	    !(s->handles = calloc(n ? n : 1, sizeof *s->handles))) {
		if (s)
			free(s->feds);
		free(s);
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	s->n_oc = st->n_oc;
	for (i = 0; i < n; i++) {
		struct dm_fed *df;

		if (!(df = s->feds[i] = fed_new(st->n_oc, st->n_ic)))
			goto oom;
		s->n = i + 1;
		s->handles[i] = wire_get_u32(rd);
		for (j = 0; j < saved->n; j++)
			if (saved->handles[j] == s->handles[i])
				break;
		if (j == saved->n)
			goto bad_s;
		for (j = 0; j < i; j++)
			if (s->handles[j] == s->handles[i])
				goto bad_s;
		for (j = 0; j < 3; j++)
			if ((df->sw[j] = wire_get_u8(rd)) > 1)
				goto bad_s;
		k = wire_get_count(rd, 5);
		for (j = 0; j < k && !rd->err; j++) {
			uint8_t fl;

			c = wire_get_u32(rd);
			fl = wire_get_u8(rd);
			if (rd->err || c == 0 || c > st->n_oc ||
			    df->adv_oc[c] || df->pub[c] || df->sub[c] ||
			    (fl & ~(DMS_PUB | DMS_SUB | DMS_ACTIVE |
			    DMS_ADVISED)) || ((fl & DMS_ACTIVE) &&
			    !(fl & DMS_SUB)))
				goto bad_s;
			if ((fl & DMS_PUB) &&
			    !(df->pub[c] = get_set(rd, st->words, &oom)))
				goto fail_set;
			if ((fl & DMS_SUB) &&
			    !(df->sub[c] = get_set(rd, st->words, &oom)))
				goto fail_set;
			df->sub_active[c] = (fl & DMS_ACTIVE) ? 1 : 0;
			df->adv_oc[c] = (fl & DMS_ADVISED) ? 1 : 0;
		}
		k = wire_get_count(rd, 7);
		for (j = 0; j < k && !rd->err; j++) {
			c = wire_get_u32(rd);
			if (c == 0 || c > st->n_ic || df->pub_ic[c] ||
			    df->sub_ic[c] || df->adv_ic[c])
				goto bad_s;
			df->pub_ic[c] = wire_get_u8(rd);
			df->sub_ic[c] = wire_get_u8(rd);
			df->adv_ic[c] = wire_get_u8(rd);
			if (df->pub_ic[c] > 1 || df->sub_ic[c] > 2 ||
			    df->adv_ic[c] > 1)
				goto bad_s;
		}
		if (rd->err)
			goto bad_s;
	}
	if (!wire_rd_done(rd))
		goto bad_s;
	*staged = s;
	return RTI_OK;
fail_set:
	if (!oom)
		goto bad_s;
oom:
	dm_restore_discard(s);
	snprintf(msg, len, "out of memory");
	return RTI_ERR_NO_MEMORY;
bad_s:
	dm_restore_discard(s);
bad:
	snprintf(msg, len, "save file damaged (DM section)");
	return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
}

static void
pubs_oom(struct federate *f)
{
	rti_log(f->fx->srv, LOG_ERROR, "DM: out of memory restoring a "
	    "publication of %s: its relevance advisories may be missed",
	    f->name);
}

static void
dm_restore_apply(struct federation *fx, void *p)
{
	struct dm_staged *s = p;
	struct dm_fx *st = fxst(fx);
	uint32_t i, j, c;

	for (c = 0; c <= st->n_oc; c++)
		st->oc[c].n_subs = st->oc[c].n_pubs = 0;
	for (c = 0; c <= st->n_ic; c++)
		st->ic[c].n_subs = st->ic[c].n_pubs = 0;
	st->n_rel_feds = 0;
	st->n_attr_adv = 0;
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];
		struct dm_fed *nd = NULL;

		for (j = 0; s && j < s->n; j++)
			if (s->handles[j] == f->handle && s->feds[j]) {
				nd = s->feds[j];
				s->feds[j] = NULL;
				break;
			}
		if (!nd && !(nd = fed_new(st->n_oc, st->n_ic))) {
			rti_log(fx->srv, LOG_ERROR, "DM: out of memory "
			    "restoring %s: its declarations are kept",
			    f->name);
			nd = fst(f);
			f->mod[MOD_DM] = NULL;
		} else if (!s || j == s->n) {
			nd->sw[WIRE_SWITCH_CLASS_RELEVANCE] = 1;
			nd->sw[WIRE_SWITCH_INTERACTION_RELEVANCE] = 1;
		}
		fed_free(fst(f), st->n_oc);
		f->mod[MOD_DM] = nd;
		for (c = 1; c <= st->n_oc; c++)
			if (nd->sub[c] && subs_add(&st->oc[c], f) < 0)
				rti_log(fx->srv, LOG_ERROR, "DM: out of memory "
				    "restoring a subscription of %s", f->name);
		for (c = 1; c <= st->n_ic; c++)
			if (nd->sub_ic[c] && subs_add(&st->ic[c], f) < 0)
				rti_log(fx->srv, LOG_ERROR, "DM: out of memory "
				    "restoring a subscription of %s", f->name);
		nd->rel_dirty = 0;
		st->n_attr_adv += nd->sw[WIRE_SWITCH_ATTRIBUTE_RELEVANCE] != 0;
		for (c = 1; c <= st->n_oc; c++)
			if (nd->pub[c] && dm_pubs_add(fx, 0, c, f) < 0)
				pubs_oom(f);
		for (c = 1; c <= st->n_ic; c++)
			if (nd->pub_ic[c] && dm_pubs_add(fx, 1, c, f) < 0)
				pubs_oom(f);
	}
	dm_all_changed(fx);
	dm_restore_discard(s);
}

/* WIRE_CB_RESTORE_DM to `f`: what its librti keeps of its declarations. */
static int
dm_restore_sync(struct federate *f)
{
	struct dm_fx *st = fxst(f->fx);
	struct dm_fed *df = fst(f);
	struct wire_buf *b;
	size_t off, cnt;
	uint32_t c, k = 0, w;

	if (!f->conn)
		return 0;
	b = srv_frame(f->fx->srv, WIRE_CB_RESTORE_DM, &off);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (c = 1; c <= st->n_oc; c++) {
		if (!df->pub[c] && !df->sub[c])
			continue;
		k++;
		wire_put_u32(b, c);
		wire_put_u8(b, (uint8_t)((df->pub[c] ? DMS_PUB : 0) |
		    (df->sub[c] ? DMS_SUB : 0)));
		for (w = 0; df->pub[c] && w < st->words; w++)
			wire_put_u64(b, df->pub[c][w]);
		for (w = 0; df->sub[c] && w < st->words; w++)
			wire_put_u64(b, df->sub[c][w]);
	}
	if (!b->oom)
		wire_patch_u32(b, cnt, k);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (c = 1, k = 0; c <= st->n_ic; c++) {
		if (!df->pub_ic[c] && !df->sub_ic[c])
			continue;
		k++;
		wire_put_u32(b, c);
		wire_put_u8(b, df->pub_ic[c]);
		wire_put_u8(b, df->sub_ic[c]);
	}
	if (!b->oom)
		wire_patch_u32(b, cnt, k);
	wire_frame_end(b, off);
	if (b->oom)
		return -1;
	return conn_send_buf(f->conn, b) < 0 ? -1 : 0;
}

static const struct msg_handler dm_handlers[] = {
	{ WIRE_DM_PUBLISH_OC, 1, 1, h_publish_oc },
	{ WIRE_DM_UNPUBLISH_OC, 1, 1, h_unpublish_oc },
	{ WIRE_DM_SUBSCRIBE_OC, 1, 1, h_subscribe_oc },
	{ WIRE_DM_UNSUBSCRIBE_OC, 1, 1, h_unsubscribe_oc },
	{ WIRE_DM_PUBLISH_IC, 1, 1, h_publish_ic },
	{ WIRE_DM_UNPUBLISH_IC, 1, 1, h_unpublish_ic },
	{ WIRE_DM_SUBSCRIBE_IC, 1, 1, h_subscribe_ic },
	{ WIRE_DM_UNSUBSCRIBE_IC, 1, 1, h_unsubscribe_ic },
	{ WIRE_DM_SET_SWITCH, 1, 1, h_set_switch },
	{ 0, 0, 0, NULL }
};

const struct module_ops dm_module = {
	.name = "DM",
	.handlers = dm_handlers,
	.federation_init = dm_federation_init,
	.federation_fini = dm_federation_fini,
	.federate_join = dm_federate_join,
	.federate_resign = dm_federate_resign,
	.federate_fini = dm_federate_fini,
	.fom_grown = dm_fom_grown,
	.turn_end = dm_turn_end,
	.save_state = dm_save_state,
	.restore_stage = dm_restore_stage,
	.restore_apply = dm_restore_apply,
	.restore_discard = dm_restore_discard,
	.restore_sync = dm_restore_sync,
};
