/* SPDX-License-Identifier: Apache-2.0 */
/*
 * save.c - federation save and restore (IEEE 1516.1-2010 4.11-4.31;
 * librti-save(3)): the services, their callbacks, and the busy state
 * that makes every other service fail while one runs.
 *
 * amb->busy is set when initiate_federate_save (resp. federation_
 * restore_begun) is delivered and cleared when federation_saved/_not_
 * saved (federation_restored/_not_restored) is: rti__check_joined then
 * refuses with SAVE_IN_PROGRESS / RESTORE_IN_PROGRESS, one test on every
 * service's path.  The services allowed meanwhile check with
 * rti__check_member instead.  At that moment librti sends
 * WIRE_SAVE_SEEN: rtiexec carries out what came before it (sent before
 * the federate knew, as the standard allows) and refuses what follows
 * as librti does.
 *
 * WIRE_CB_SAVE_COLLECT is answered here, when delivered (so after every
 * frame rtiexec sent before it): TM's held timestamp-order messages, in
 * WIRE_SAVE_COLLECTED.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "librti_int.h"

static int
check_label(rti_ambassador *amb, const char *label)
{
	if (!label || !*label)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "the label is %s", label ? "empty" : "NULL");
	if (strlen(label) > WIRE_MAX_NAME)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "the label is longer than %d bytes", WIRE_MAX_NAME);
	return RTI_OK;
}

static int
request_save(rti_ambassador *amb, const char *label, int has_time,
    rti_time t)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_label(amb, label)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_SAVE_REQUEST);
	wire_put_str(b, label);
	wire_put_u8(b, (uint8_t)has_time);
	wire_put_u64(b, has_time ? rti__time_bits(amb, t) : 0);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_request_federation_save(rti_ambassador *amb, const char *label)
{
	rti_time t;

	memset(&t, 0, sizeof t);
	return request_save(amb, label, 0, t);
}

RTI_API int
rti_request_federation_save_at_time(rti_ambassador *amb, const char *label,
    rti_time time)
{
	return request_save(amb, label, 1, time);
}

/* A request without arguments, or with one u8, allowed during a save or
 * restore. */
static int
simple(rti_ambassador *amb, uint16_t type, int with, int v)
{
	struct wire_buf *b;

	RTI__MEMBER_OR_RETURN(amb);
	b = rti__req_begin(amb, type);
	if (with)
		wire_put_u8(b, (uint8_t)v);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_federate_save_begun(rti_ambassador *amb)
{
	return simple(amb, WIRE_SAVE_BEGUN, 0, 0);
}

RTI_API int
rti_federate_save_complete(rti_ambassador *amb)
{
	return simple(amb, WIRE_SAVE_COMPLETE, 1, 1);
}

RTI_API int
rti_federate_save_not_complete(rti_ambassador *amb)
{
	return simple(amb, WIRE_SAVE_COMPLETE, 1, 0);
}

RTI_API int
rti_abort_federation_save(rti_ambassador *amb)
{
	return simple(amb, WIRE_SAVE_ABORT, 0, 0);
}

RTI_API int
rti_query_federation_save_status(rti_ambassador *amb)
{
	return simple(amb, WIRE_SAVE_QUERY, 0, 0);
}

RTI_API int
rti_request_federation_restore(rti_ambassador *amb, const char *label)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_label(amb, label)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_RESTORE_REQUEST);
	wire_put_str(b, label);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_federate_restore_complete(rti_ambassador *amb)
{
	return simple(amb, WIRE_RESTORE_COMPLETE, 1, 1);
}

RTI_API int
rti_federate_restore_not_complete(rti_ambassador *amb)
{
	return simple(amb, WIRE_RESTORE_COMPLETE, 1, 0);
}

RTI_API int
rti_abort_federation_restore(rti_ambassador *amb)
{
	return simple(amb, WIRE_RESTORE_ABORT, 0, 0);
}

RTI_API int
rti_query_federation_restore_status(rti_ambassador *amb)
{
	return simple(amb, WIRE_RESTORE_QUERY, 0, 0);
}

/* ---- callbacks ---- */

/* Tell rtiexec the federate now knows of the save (restore 0) or the
 * restore (1): the fence between what it sent before and after.  0, or
 * -1 with the connection lost. */
static int
send_seen(rti_ambassador *amb, int restore, uint32_t gen)
{
	struct wire_buf *b;
	size_t off;

	b = rti__msg_begin(amb, WIRE_SAVE_SEEN, &off);
	wire_put_u8(b, (uint8_t)restore);
	wire_put_u32(b, gen);
	if (rti__msg_end(amb, off, 1) != RTI_OK) {
		rti__lose(amb, "out of memory telling rtiexec of a save or "
		    "restore");
		return -1;
	}
	return 0;
}

static int
cb_initiate_save(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	uint8_t has_time = wire_get_u8(rd);
	uint64_t t = wire_get_u64(rd);
	uint32_t gen = wire_get_u32(rd);

	(void)type;
	if (!wire_rd_done(rd) || has_time > 1)
		return -1;
	amb->busy = RTI_ERR_SAVE_IN_PROGRESS;
	if (send_seen(amb, 0, gen) < 0)
		return -1;
	if (amb->cb.initiate_federate_save)
		amb->cb.initiate_federate_save(amb->arg, label, has_time,
		    rti__time_from_bits(amb, t));
	return 0;
}

static int
cb_saved(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t reason = 0;

	if (type == WIRE_CB_NOT_SAVED)
		reason = wire_get_u32(rd);
	if (!wire_rd_done(rd) || reason > RTI_SAVE_ABORTED)
		return -1;
	if (amb->busy == RTI_ERR_SAVE_IN_PROGRESS)
		amb->busy = RTI_OK;
	if (type == WIRE_CB_SAVED) {
		if (amb->cb.federation_saved)
			amb->cb.federation_saved(amb->arg);
	} else if (amb->cb.federation_not_saved) {
		amb->cb.federation_not_saved(amb->arg,
		    (enum rti_save_failure_reason)reason);
	}
	return 0;
}

static int
cb_save_status(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct rti_federate_save_status *s;
	uint32_t n = wire_get_count(rd, 8), i;

	(void)type;
	if (rd->err || !(s = calloc(n ? n : 1, sizeof *s)))
		return -1;
	for (i = 0; i < n; i++) {
		s[i].federate.id = wire_get_u32(rd);
		s[i].status = (enum rti_save_status)wire_get_u32(rd);
		if ((unsigned)s[i].status >
		    RTI_SAVE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_SAVE)
			rd->err = 1;
	}
	if (!wire_rd_done(rd)) {
		free(s);
		return -1;
	}
	if (amb->cb.federation_save_status_response)
		amb->cb.federation_save_status_response(amb->arg, s, n);
	free(s);
	return 0;
}

static int
cb_restore_req(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	const char *reason = NULL;

	if (type == WIRE_CB_RESTORE_REQ_FAIL)
		reason = wire_get_str(rd, 4096);
	if (!wire_rd_done(rd))
		return -1;
	if (!reason) {
		if (amb->cb.request_federation_restore_succeeded)
			amb->cb.request_federation_restore_succeeded(amb->arg,
			    label);
	} else if (amb->cb.request_federation_restore_failed) {
		amb->cb.request_federation_restore_failed(amb->arg, label,
		    reason);
	}
	return 0;
}

static int
cb_restore_begun(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t gen = wire_get_u32(rd);

	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	amb->busy = RTI_ERR_RESTORE_IN_PROGRESS;
	if (send_seen(amb, 1, gen) < 0)
		return -1;
	if (amb->cb.federation_restore_begun)
		amb->cb.federation_restore_begun(amb->arg);
	return 0;
}

static int
cb_initiate_restore(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	rti_federate_handle h;

	(void)type;
	h.id = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	if (amb->cb.initiate_federate_restore)
		amb->cb.initiate_federate_restore(amb->arg, label, name, h);
	return 0;
}

static int
cb_restored(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t reason = 0;

	if (type == WIRE_CB_NOT_RESTORED)
		reason = wire_get_u32(rd);
	if (!wire_rd_done(rd) || reason > RTI_RESTORE_ABORTED)
		return -1;
	if (amb->busy == RTI_ERR_RESTORE_IN_PROGRESS)
		amb->busy = RTI_OK;
	if (type == WIRE_CB_RESTORED) {
		if (amb->cb.federation_restored)
			amb->cb.federation_restored(amb->arg);
	} else if (amb->cb.federation_not_restored) {
		amb->cb.federation_not_restored(amb->arg,
		    (enum rti_restore_failure_reason)reason);
	}
	return 0;
}

static int
cb_restore_status(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct rti_federate_restore_status *s;
	uint32_t n = wire_get_count(rd, 12), i;

	(void)type;
	if (rd->err || !(s = calloc(n ? n : 1, sizeof *s)))
		return -1;
	for (i = 0; i < n; i++) {
		s[i].pre_restore.id = wire_get_u32(rd);
		s[i].post_restore.id = wire_get_u32(rd);
		s[i].status = (enum rti_restore_status)wire_get_u32(rd);
		if ((unsigned)s[i].status > RTI_RESTORE_STATUS_FEDERATE_WAITING_FOR_FEDERATION_TO_RESTORE)
			rd->err = 1;
	}
	if (!wire_rd_done(rd)) {
		free(s);
		return -1;
	}
	if (amb->cb.federation_restore_status_response)
		amb->cb.federation_restore_status_response(amb->arg, s, n);
	free(s);
	return 0;
}

/* rtiexec writes the save: what only this librti holds goes with it. */
static int
cb_collect(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct wire_buf *b;
	size_t off;

	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	b = rti__msg_begin(amb, WIRE_SAVE_COLLECTED, &off);
	if (rti__tm_collect(amb, b) < 0) {
		rti__lose(amb, "out of memory collecting the held messages "
		    "for a save");
		return -1;
	}
	if (rti__msg_end(amb, off, 1) != RTI_OK) {
		rti__lose(amb, "out of memory sending the held messages for "
		    "a save");
		return -1;
	}
	return 0;
}

static const struct rti__cb_handler save_callbacks[] = {
	{ WIRE_CB_INITIATE_SAVE, cb_initiate_save },
	{ WIRE_CB_SAVED, cb_saved },
	{ WIRE_CB_NOT_SAVED, cb_saved },
	{ WIRE_CB_SAVE_STATUS, cb_save_status },
	{ WIRE_CB_RESTORE_REQ_OK, cb_restore_req },
	{ WIRE_CB_RESTORE_REQ_FAIL, cb_restore_req },
	{ WIRE_CB_RESTORE_BEGUN, cb_restore_begun },
	{ WIRE_CB_INITIATE_RESTORE, cb_initiate_restore },
	{ WIRE_CB_RESTORED, cb_restored },
	{ WIRE_CB_NOT_RESTORED, cb_restored },
	{ WIRE_CB_RESTORE_STATUS, cb_restore_status },
	{ WIRE_CB_SAVE_COLLECT, cb_collect },
	{ 0, NULL }
};

static const struct rti__msg_out save_sends[] = {
	{ WIRE_SAVE_REQUEST, RTI__REQUEST },
	{ WIRE_SAVE_BEGUN, RTI__REQUEST },
	{ WIRE_SAVE_COMPLETE, RTI__REQUEST },
	{ WIRE_SAVE_ABORT, RTI__REQUEST },
	{ WIRE_SAVE_QUERY, RTI__REQUEST },
	{ WIRE_SAVE_COLLECTED, RTI__ONE_WAY },
	{ WIRE_SAVE_SEEN, RTI__ONE_WAY },
	{ WIRE_RESTORE_REQUEST, RTI__REQUEST },
	{ WIRE_RESTORE_COMPLETE, RTI__REQUEST },
	{ WIRE_RESTORE_ABORT, RTI__REQUEST },
	{ WIRE_RESTORE_QUERY, RTI__REQUEST },
	{ 0, 0 }
};

const struct rti__module rti__save_module = {
	.name = "Save",
	.callbacks = save_callbacks,
	.sends = save_sends,
};
