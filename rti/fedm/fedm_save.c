/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_save.c - federation save and restore (IEEE 1516.1-2010 4.11-4.31):
 * the services, their state machine and the callbacks; the file is
 * fedm_store.c's.
 *
 * Save.  A request makes every joined federate "instructed to save" and
 * sends each WIRE_CB_INITIATE_SAVE.  A federate is busy (server.h: the
 * core refuses its other services with SAVE_IN_PROGRESS) from its
 * WIRE_SAVE_SEEN on, which its librti sends when it takes the initiate:
 * what it sent before it knew (an update, a time advance request) is
 * carried out as the standard allows, and the cut still holds, since
 * the file is written only after every federate's complete, which
 * follows its earlier frames.  Each answers begun, then complete or not
 * complete.  When every one has answered:
 * a not complete ends it (federation not saved, FEDERATE_REPORTED_
 * FAILURE); else the store collects each librti's held messages and
 * writes the file, and fedm_save_written tells everyone saved, or not
 * saved (RTI_UNABLE_TO_SAVE).  A federate that leaves meanwhile, or an
 * abort, ends it as not saved (FEDERATE_RESIGNED, SAVE_ABORTED) and
 * nothing is written.
 *
 * Restore.  The request reads and stages the file (store_restore_load)
 * and matches the saved federates to the joined ones by federate type:
 * the same number of each type, else refused.  Refused: the requester
 * alone gets request_federation_restore_failed with the reason, nothing
 * changed.  Taken: the requester gets _succeeded, everyone restore begun.
 * Each federate is busy (RESTORE_IN_PROGRESS) from its WIRE_SAVE_SEEN;
 * when every one has seen it, so that nothing it sent before can reach
 * the restored state, the store applies the saved state (every joined
 * federate takes its saved handle and name, every module's state is the
 * saved one, each librti is sent its part), then each federate gets
 * WIRE_CB_INITIATE_RESTORE with its saved name and handle.  A federate
 * that leaves or an abort before that ends it with nothing changed.  When every one answered complete: federation restored; a not
 * complete, an abort or a federate that leaves: not restored (the state
 * stays the restored one, the federation usable).
 *
 * Joins are refused while either runs, and so is a second request.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "events.h"
#include "fedm.h"
#include "fedm_int.h"
#include "tm.h"
#include "tmcore.h"

static struct fedm_fx *
fx_st(struct federation *fx)
{
	return fx->mod[MOD_FEDM];
}

static struct fedm_fed *
fed_st(struct federate *f)
{
	return f->mod[MOD_FEDM];
}

static void
broadcast_u32(struct federation *fx, uint16_t type, int with, uint32_t v)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(fx->srv, type, &off);
	if (with)
		wire_put_u32(b, v);
	wire_frame_end(b, off);
	fedm_broadcast(fx, b, NULL);
}

static void
set_busy(struct federation *fx, int err)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		fx->feds[i]->busy = err;
}

int
fedm_save_join_check(struct federation *fx, char *msg, size_t len)
{
	struct fedm_fx *st = fx_st(fx);

	if (st && st->save) {
		snprintf(msg, len, "a save of federation '%s' is in progress",
		    fx->name);
		return RTI_ERR_SAVE_IN_PROGRESS;
	}
	if (st && (st->restoring || st->loading)) {
		snprintf(msg, len, "a restore of federation '%s' is in "
		    "progress", fx->name);
		return RTI_ERR_RESTORE_IN_PROGRESS;
	}
	return RTI_OK;
}

/* ---- save ---- */

/* Why a save was not saved, for the log and the event log. */
static const char *
save_why(uint32_t reason)
{
	switch (reason) {
	case RTI_SAVE_FEDERATE_RESIGNED:
		return "a federate resigned";
	case RTI_SAVE_ABORTED:
		return "aborted";
	case RTI_SAVE_FEDERATE_REPORTED_FAILURE:
		return "a federate could not save";
	case RTI_SAVE_TIME_CANNOT_BE_HONORED:
		return "its time cannot be honored: a time-constrained "
		    "federate is past it";
	default:
		return "rtiexec could not save";
	}
}

/* End the save: everyone told `saved` (1) or not saved with `reason`
 * (`detail`: more about it, or NULL). */
static void
save_end_why(struct federation *fx, int saved, uint32_t reason,
    const char *detail)
{
	struct fedm_fx *st = fx_st(fx);
	uint32_t i;

	if (saved)
		events_add(fx, EV_SAVE_DONE, NULL, "'%s'", st->save_label);
	else
		events_add(fx, EV_SAVE_FAILED, NULL, "'%s': %s%s%s",
		    st->save_label, save_why(reason), detail ? ": " : "",
		    detail ? detail : "");

	store_save_cancel(fx);
	rti_log(fx->srv, saved ? LOG_INFO : LOG_WARN, "federation %s: save "
	    "'%s' %s%s", fx->name, st->save_label, saved ? "saved" :
	    "not saved: ", saved ? "" : save_why(reason));
	st->save = FX_SAVE_NONE;
	tm_save_freeze(fx, 0);
	if (saved) {
		free(st->last_label);
		st->last_label = st->save_label;
		st->last_has_time = st->save_has_time;
		st->last_time = st->save_time;
		st->n_saved++;
	} else {
		free(st->save_label);
	}
	st->save_label = NULL;
	st->save_failed = 0;
	free(st->save_failed_by);
	st->save_failed_by = NULL;
	set_busy(fx, RTI_OK);
	for (i = 0; i < fx->n_feds; i++)
		fed_st(fx->feds[i])->save_st =
		    RTI_SAVE_STATUS_NO_SAVE_IN_PROGRESS;
	if (saved)
		broadcast_u32(fx, WIRE_CB_SAVED, 0, 0);
	else
		broadcast_u32(fx, WIRE_CB_NOT_SAVED, 1, reason);
	server_saves_changed(fx);
}

void
fedm_saves(struct federation *fx, struct fedm_saves *out)
{
	struct fedm_fx *st = fx_st(fx);

	memset(out, 0, sizeof *out);
	if (!st)
		return;
	out->last = st->last_label;
	out->last_has_time = st->last_has_time;
	out->last_time = st->last_time;
	if (st->save == FX_SAVE_TIMED) {
		out->next = st->save_label;
		out->next_time = st->save_time;
	}
}

void
fedm_save_info(struct federation *fx, struct fedm_save_info *out)
{
	struct fedm_fx *st = fx_st(fx);

	memset(out, 0, sizeof *out);
	if (!st)
		return;
	if (st->restoring) {
		out->state = FEDM_SAVE_RESTORING;
		out->label = st->restore_label;
	} else if (st->save) {
		out->state = st->save == FX_SAVE_TIMED ?
		    FEDM_SAVE_WAITING_FOR_TIME : st->save == FX_SAVE_WRITING ?
		    FEDM_SAVE_WRITING : FEDM_SAVE_SAVING;
		out->label = st->save_label;
		out->has_time = st->save_has_time;
		out->time = st->save_time;
	}
	out->last = st->last_label;
	out->last_has_time = st->last_has_time;
	out->last_time = st->last_time;
	out->saves = st->n_saved;
	out->restores = st->n_restored;
	out->last_written = st->last_written;
}

void
fedm_save_fed_status(struct federate *f, int *save_st, int *restore_st)
{
	struct fedm_fed *fs = fed_st(f);

	*save_st = fs ? fs->save_st : RTI_SAVE_STATUS_NO_SAVE_IN_PROGRESS;
	/* -1: a not complete, shown as the query shows it */
	*restore_st = !fs ? RTI_RESTORE_STATUS_NO_RESTORE_IN_PROGRESS :
	    fs->restore_st < 0 ?
	    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE :
	    fs->restore_st;
}

static void
save_end(struct federation *fx, int saved, uint32_t reason)
{
	save_end_why(fx, saved, reason, NULL);
}

void
fedm_save_written(struct federation *fx, int err, const char *msg)
{
	struct fedm_fx *st = fx_st(fx);

	if (err != RTI_OK)
		rti_log(fx->srv, LOG_ERROR, "federation %s: cannot write save "
		    "'%s': %s", fx->name, st->save_label, msg);
	else
		st->last_written = (int64_t)time(NULL);
	st->store = NULL;       /* the store freed its own */
	save_end_why(fx, err == RTI_OK, RTI_SAVE_RTI_UNABLE_TO_SAVE,
	    err == RTI_OK ? NULL : msg);
}

/* Every federate has answered complete or not complete: write or end. */
static void
save_check(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);
	uint32_t i;

	if (st->save != FX_SAVE_INITIATED)
		return;
	for (i = 0; i < fx->n_feds; i++)
		if (fed_st(fx->feds[i])->save_st !=
		    RTI_SAVE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE)
			return;
	if (st->save_failed) {
		char d[WIRE_MAX_NAME + 64];

		snprintf(d, sizeof d, "%s%s answered federateSaveNotComplete",
		    st->save_failed_by ? st->save_failed_by : "?",
		    st->save_failed > 1 ? " and others" : "");
		save_end_why(fx, 0, RTI_SAVE_FEDERATE_REPORTED_FAILURE, d);
		return;
	}
	st->save = FX_SAVE_WRITING;
	if (store_save_begin(fx, st->save_label, st->save_has_time,
	    st->save_time) < 0)
		save_end(fx, 0, RTI_SAVE_RTI_UNABLE_TO_SAVE);
}

/* Start the save `label` of fx now: every federate instructed. */
static void
save_initiate(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);
	struct wire_buf *b;
	size_t off;
	uint32_t i;

	st->save = FX_SAVE_INITIATED;
	tm_save_freeze(fx, 1);
	for (i = 0; i < fx->n_feds; i++)
		fed_st(fx->feds[i])->save_st =
		    RTI_SAVE_STATUS_FEDERATE_INSTRUCTED_TO_SAVE;
	b = srv_frame(fx->srv, WIRE_CB_INITIATE_SAVE, &off);
	wire_put_str(b, st->save_label);
	wire_put_u8(b, (uint8_t)st->save_has_time);
	wire_put_u64(b, st->save_time);
	wire_put_u32(b, ++st->gen);
	wire_frame_end(b, off);
	fedm_broadcast(fx, b, NULL);
	rti_log(fx->srv, LOG_INFO, "federation %s: save '%s' initiated",
	    fx->name, st->save_label);
	events_add(fx, EV_SAVE_BEGUN, NULL, "'%s': %u federates instructed "
	    "to save", st->save_label, fx->n_feds);
}

int
fedm_h_save_request(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx_st(fx);
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	int has_time = wire_get_u8(rd);
	uint64_t t = wire_get_u64(rd);
	char msg[256];
	int err;

	if (!wire_rd_done(rd) || has_time > 1)
		return -1;
	if (!*label)
		return conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
		    "empty save label"), 0;
	if ((err = fedm_save_join_check(fx, msg, sizeof msg)) != RTI_OK)
		return conn_reply(c, serial, err, msg, NULL, 0), 0;
	if (has_time) {
		err = tm_save_time_check(conn_fed(c), t, msg, sizeof msg);
		if (err != RTI_OK)
			return conn_reply(c, serial, err, msg, NULL, 0), 0;
	}
	if (!(st->save_label = strdup(label)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	st->save_has_time = has_time;
	st->save_time = t;
	st->save_failed = 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	{
		char ts[TMC_STR_LEN];

		events_add(fx, EV_SAVE_REQUESTED, conn_fed(c), "'%s'%s%s",
		    label,
		    has_time ? " at time " : "", has_time ?
		    tmc_str(fx->time_int64, t, ts) : "");
	}
	if (has_time && !tm_save_time_honored(fx, t)) {
		/* a constrained federate is past it already */
		st->save = FX_SAVE_INITIATED;
		save_end(fx, 0, RTI_SAVE_TIME_CANNOT_BE_HONORED);
		return 0;
	}
	if (has_time) {
		/* initiated when TM says every constrained federate got
		 * there (fedm_save_time_reached) */
		st->save = FX_SAVE_TIMED;
		rti_log(fx->srv, LOG_INFO, "federation %s: save '%s' waits "
		    "for its time", fx->name, label);
		tm_save_cap(fx, t);
		server_saves_changed(fx);
		return 0;
	}
	save_initiate(fx);
	return 0;
}

void
fedm_save_time_reached(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);

	if (st && st->save == FX_SAVE_TIMED)
		save_initiate(fx);
}

int
fedm_h_save_begun(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct fedm_fed *fs = fed_st(conn_fed(c));

	if (!wire_rd_done(rd))
		return -1;
	if (fs->save_st != RTI_SAVE_STATUS_FEDERATE_INSTRUCTED_TO_SAVE)
		return conn_replyf(c, serial, RTI_ERR_SAVE_NOT_INITIATED,
		    "no save was initiated at this federate"), 0;
	fs->save_st = RTI_SAVE_STATUS_FEDERATE_SAVING;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

/* ---- the fence: what a federate sent before it knew ---- */

static void restore_apply_pending(struct federation *fx);

int
fedm_h_save_seen(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx_st(fx);
	struct fedm_fed *fs = fed_st(conn_fed(c));
	uint8_t restore = wire_get_u8(rd);
	uint32_t gen = wire_get_u32(rd), i;

	(void)serial;
	if (!wire_rd_done(rd) || restore > 1)
		return -1;
	/* the seen of a save or restore that ended meanwhile (another may
	 * have begun since, which this federate did not see yet) */
	if (gen != st->gen)
		return 0;
	if (!restore) {
		/* a save that ended meanwhile: nothing to fence */
		if (st->save == FX_SAVE_INITIATED ||
		    st->save == FX_SAVE_WRITING)
			conn_fed(c)->busy = RTI_ERR_SAVE_IN_PROGRESS;
		return 0;
	}
	if (!st->restoring)
		return 0;
	conn_fed(c)->busy = RTI_ERR_RESTORE_IN_PROGRESS;
	if (fs->restore_st ==
	    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_RESTORE_TO_BEGIN)
		fs->restore_st = RTI_RESTORE_STATUS_FEDERATE_PREPARED_TO_RESTORE;
	if (!st->pending)
		return 0;
	for (i = 0; i < fx->n_feds; i++)
		if (fed_st(fx->feds[i])->restore_st !=
		    RTI_RESTORE_STATUS_FEDERATE_PREPARED_TO_RESTORE)
			return 0;
	restore_apply_pending(fx);
	return 0;
}

int
fedm_h_save_complete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fed *fs = fed_st(conn_fed(c));
	int ok = wire_get_u8(rd);

	if (!wire_rd_done(rd) || ok > 1)
		return -1;
	if (fs->save_st != RTI_SAVE_STATUS_FEDERATE_SAVING)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATE_HAS_NOT_BEGUN_SAVE,
		    "the federate has not begun a save"), 0;
	fs->save_st = RTI_SAVE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE;
	/* the first to fail is named in the event (NULL on ENOMEM: "?") */
	if (!ok && !fx_st(fx)->save_failed++)
		fx_st(fx)->save_failed_by = strdup(conn_fed(c)->name);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	save_check(fx);
	return 0;
}

int
fedm_h_save_abort(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;

	if (!wire_rd_done(rd))
		return -1;
	if (!fx_st(fx)->save)
		return conn_replyf(c, serial, RTI_ERR_SAVE_NOT_IN_PROGRESS,
		    "no save is in progress"), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	{
		char d[WIRE_MAX_NAME + 8];

		snprintf(d, sizeof d, "by %s", conn_fed(c)->name);
		save_end_why(fx, 0, RTI_SAVE_ABORTED, d);
	}
	return 0;
}

int
fedm_h_save_query(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct wire_buf *b;
	size_t off;
	uint32_t i;

	if (!wire_rd_done(rd))
		return -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(conn_srv(c), WIRE_CB_SAVE_STATUS, &off);
	wire_put_u32(b, fx->n_feds);
	for (i = 0; i < fx->n_feds; i++) {
		wire_put_u32(b, fx->feds[i]->handle);
		wire_put_u32(b, (uint32_t)fed_st(fx->feds[i])->save_st);
	}
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* ---- restore ---- */

static void
restore_end(struct federation *fx, int restored, uint32_t reason)
{
	struct fedm_fx *st = fx_st(fx);
	uint32_t i;

	rti_log(fx->srv, restored ? LOG_INFO : LOG_WARN, "federation %s: "
	    "restore '%s' %s", fx->name, st->restore_label, restored ?
	    "restored" : "not restored");
	if (restored)
		events_add(fx, EV_RESTORE_DONE, NULL, "'%s'",
		    st->restore_label);
	else
		events_add(fx, EV_RESTORE_FAILED, NULL, "'%s': %s",
		    st->restore_label, reason == RTI_RESTORE_FEDERATE_RESIGNED ?
		    "a federate resigned" : reason == RTI_RESTORE_ABORTED ?
		    "aborted" : "a federate could not restore");
	st->restoring = 0;
	free(st->restore_label);
	st->restore_label = NULL;
	if (st->pending) {
		/* ended before it was applied: nothing changed */
		store_restore_free(st->pending);
		st->pending = NULL;
	}
	free(st->pending_joined);
	st->pending_joined = NULL;
	set_busy(fx, RTI_OK);
	for (i = 0; i < fx->n_feds; i++) {
		fed_st(fx->feds[i])->restore_st =
		    RTI_RESTORE_STATUS_NO_RESTORE_IN_PROGRESS;
		fed_st(fx->feds[i])->pre_handle = 0;
	}
	if (restored) {
		st->n_restored++;
		broadcast_u32(fx, WIRE_CB_RESTORED, 0, 0);
	} else {
		broadcast_u32(fx, WIRE_CB_NOT_RESTORED, 1, reason);
	}
	tm_save_freeze(fx, 0);
}

static void
restore_check(struct federation *fx)
{
	uint32_t i;
	int failed = 0;

	for (i = 0; i < fx->n_feds; i++) {
		int s = fed_st(fx->feds[i])->restore_st;

		if (s == RTI_RESTORE_STATUS_FEDERATE_RESTORING)
			return;
		if (s != RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE)
			failed = 1;
	}
	restore_end(fx, !failed, RTI_RESTORE_FEDERATE_REPORTED_FAILURE);
}

static void
send_req_result(struct conn *c, const char *label, const char *reason)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(conn_srv(c), reason ? WIRE_CB_RESTORE_REQ_FAIL :
	    WIRE_CB_RESTORE_REQ_OK, &off);
	wire_put_str(b, label);
	if (reason)
		wire_put_str(b, reason);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

/* Match the saved federates to the joined ones by type (the first
 * joined federate of the type not taken yet, in join order).  0 with
 * joined[] filled, or -1 with `msg` saying what does not match. */
static int
plan_match(struct federation *fx, const struct restore_saved *sv,
    struct federate **joined, char *msg, size_t len)
{
	uint32_t i, j;
	uint8_t *taken;

	if (sv->n != fx->n_feds) {
		snprintf(msg, len, "the save has %u federates, %u are joined",
		    sv->n, fx->n_feds);
		return -1;
	}
	if (!(taken = calloc(fx->n_feds ? fx->n_feds : 1, 1))) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
	for (i = 0; i < sv->n; i++) {
		for (j = 0; j < fx->n_feds; j++)
			if (!taken[j] &&
			    strcmp(fx->feds[j]->type, sv->types[i]) == 0)
				break;
		if (j == fx->n_feds) {
			snprintf(msg, len, "the federate types do not match: "
			    "no joined federate of type '%.200s' for saved "
			    "federate '%.200s'", sv->types[i], sv->names[i]);
			free(taken);
			return -1;
		}
		taken[j] = 1;
		joined[i] = fx->feds[j];
	}
	free(taken);
	return 0;
}

int
fedm_h_restore_request(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx_st(fx);
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	char msg[512];
	int err;

	if (!wire_rd_done(rd))
		return -1;
	if (!*label)
		return conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
		    "empty save label"), 0;
	if ((err = fedm_save_join_check(fx, msg, sizeof msg)) != RTI_OK)
		return conn_reply(c, serial, err, msg, NULL, 0), 0;
	if (!(st->restore_label = strdup(label)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	events_add(fx, EV_RESTORE_REQUESTED, conn_fed(c), "'%s'", label);
	msg[0] = '\0';
	st->restore_by = conn_fed(c)->handle;
	/* read and checked off the loop: the outcome comes to
	 * fedm_restore_loaded; joins and other requests are refused
	 * meanwhile (fedm_save_join_check) */
	if (store_restore_begin(fx, label, &err, msg, sizeof msg) < 0)
		fedm_restore_loaded(fx, NULL, err, msg);
	return 0;
}

void
fedm_restore_loaded(struct federation *fx, struct store_restore *r,
    int err, const char *why)
{
	struct fedm_fx *st = fx_st(fx);
	struct federate *by = server_federate(fx, st->restore_by);
	const struct restore_saved *sv;
	struct federate **joined;
	char msg[512];
	uint32_t i;

	(void)err;
	snprintf(msg, sizeof msg, "%s", why);
	if (!r)
		goto refuse;
	sv = store_restore_saved(r);
	if (!(joined = calloc(sv->n ? sv->n : 1, sizeof *joined))) {
		snprintf(msg, sizeof msg, "out of memory");
		store_restore_free(r);
		goto refuse;
	}
	if (plan_match(fx, sv, joined, msg, sizeof msg) < 0) {
		free(joined);
		store_restore_free(r);
		goto refuse;
	}
	if (by && by->conn)
		send_req_result(by->conn, st->restore_label, NULL);
	st->restoring = 1;
	st->pending = r;
	st->pending_joined = joined;
	tm_save_freeze(fx, 1);
	for (i = 0; i < fx->n_feds; i++) {
		fed_st(fx->feds[i])->pre_handle = fx->feds[i]->handle;
		fed_st(fx->feds[i])->restore_st =
		    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_RESTORE_TO_BEGIN;
	}
	broadcast_u32(fx, WIRE_CB_RESTORE_BEGUN, 1, ++st->gen);
	rti_log(fx->srv, LOG_INFO, "federation %s: restore '%s' begun",
	    fx->name, st->restore_label);
	events_add(fx, EV_RESTORE_BEGUN, NULL, "'%s'", st->restore_label);
	/* applied when every federate has seen it (fedm_h_save_seen) */
	return;
refuse:
	rti_log(fx->srv, LOG_INFO, "federation %s: restore '%s' refused: %s",
	    fx->name, st->restore_label, msg);
	events_add(fx, EV_RESTORE_FAILED, by, "'%s' refused: %s",
	    st->restore_label, msg);
	if (by && by->conn)
		send_req_result(by->conn, st->restore_label, msg);
	free(st->restore_label);
	st->restore_label = NULL;
}

/* Every federate has seen the restore begin: apply the staged save and
 * tell each federate its restored name and handle. */
static void
restore_apply_pending(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);
	struct restore_plan plan;
	uint32_t i;

	plan.saved = store_restore_saved(st->pending);
	plan.joined = st->pending_joined;
	/* store_restore_apply takes the save and sends every federate its
	 * state, then: */
	if (store_restore_apply(fx, st->pending, &plan) < 0)
		rti_log(fx->srv, LOG_ERROR, "federation %s: out of memory "
		    "sending the restored state", fx->name);
	st->pending = NULL;
	free(st->pending_joined);
	st->pending_joined = NULL;
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];
		struct wire_buf *b;
		size_t off;

		fed_st(f)->restore_st = RTI_RESTORE_STATUS_FEDERATE_RESTORING;
		b = srv_frame(fx->srv, WIRE_CB_INITIATE_RESTORE, &off);
		wire_put_str(b, st->restore_label);
		wire_put_str(b, f->name);
		wire_put_u32(b, f->handle);
		wire_frame_end(b, off);
		if (f->conn)
			conn_send_buf(f->conn, b);
	}
}

int
fedm_h_restore_complete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fed *fs = fed_st(conn_fed(c));
	int ok = wire_get_u8(rd);

	if (!wire_rd_done(rd) || ok > 1)
		return -1;
	if (fs->restore_st != RTI_RESTORE_STATUS_FEDERATE_RESTORING)
		return conn_replyf(c, serial, RTI_ERR_RESTORE_NOT_REQUESTED,
		    "no restore was initiated at this federate"), 0;
	/* -1: a not complete, until every federate answered (shown as
	 * waiting for the federation) */
	fs->restore_st = ok ?
	    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE : -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	restore_check(fx);
	return 0;
}

int
fedm_h_restore_abort(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;

	if (!wire_rd_done(rd))
		return -1;
	if (!fx_st(fx)->restoring)
		return conn_replyf(c, serial, RTI_ERR_RESTORE_NOT_IN_PROGRESS,
		    "no restore is in progress"), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	restore_end(fx, 0, RTI_RESTORE_ABORTED);
	return 0;
}

int
fedm_h_restore_query(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct wire_buf *b;
	size_t off;
	uint32_t i;

	if (!wire_rd_done(rd))
		return -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(conn_srv(c), WIRE_CB_RESTORE_STATUS, &off);
	wire_put_u32(b, fx->n_feds);
	for (i = 0; i < fx->n_feds; i++) {
		struct fedm_fed *fs = fed_st(fx->feds[i]);
		int s = fs->restore_st;

		wire_put_u32(b, fs->pre_handle ? fs->pre_handle :
		    fx->feds[i]->handle);
		wire_put_u32(b, fs->pre_handle ? fx->feds[i]->handle : 0);
		wire_put_u32(b, s < 0 ?
		    RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE
		    : (uint32_t)s);
	}
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* ---- leaving, teardown ---- */

void
fedm_save_leave(struct federate *f)
{
	struct federation *fx = f->fx;
	struct fedm_fx *st = fx_st(fx);

	if (!st)
		return;
	/* f is unlinked already: the others are told */
	if (st->loading) {
		/* the restore has not begun: only its requester is told */
		struct federate *by = server_federate(fx, st->restore_by);

		store_restore_cancel(fx);
		if (by && by->conn)
			send_req_result(by->conn, st->restore_label,
			    "a federate resigned while the save was read");
		free(st->restore_label);
		st->restore_label = NULL;
	}
	if (st->save) {
		char d[WIRE_MAX_NAME + 32];

		snprintf(d, sizeof d, "%s (%s)", f->name,
		    events_why_name(f->leave_why));
		save_end_why(fx, 0, RTI_SAVE_FEDERATE_RESIGNED, d);
	}
	if (st->restoring)
		restore_end(fx, 0, RTI_RESTORE_FEDERATE_RESIGNED);
}

void
fedm_save_fini(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);

	store_save_cancel(fx);
	store_restore_cancel(fx);
	if (st->pending)
		store_restore_free(st->pending);
	free(st->pending_joined);
	st->pending = NULL;
	st->pending_joined = NULL;
	free(st->save_label);
	free(st->save_failed_by);
	st->save_failed_by = NULL;
	free(st->restore_label);
	free(st->last_label);
	st->save_label = st->restore_label = st->last_label = NULL;
}
