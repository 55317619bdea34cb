/* SPDX-License-Identifier: Apache-2.0 */
/*
 * request.c - what the modules send: one-way messages (rti__msg_begin,
 * rti__msg_end), requests with their serials, sent after the modules'
 * buffered output and answered by a WIRE_REPLY that rti__req_finish waits
 * for while the callbacks around it stay queued for evoke, and the output
 * batching rules (rti__out_queued, rti__out_age, the high-water mark).
 * The table of what each module may send (rti__msg_out) is checked here.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core_int.h"
#include "librti_int.h"

/* Unsent output above which a send waits for the socket. */
#define RTI__OUT_HIGH_WATER (4u * 1024 * 1024)

static uint8_t
send_kind(const rti_ambassador *amb, uint16_t type)
{
	return amb->sendkind[WIRE_MODULE_OF(type) % WIRE_MOD_COUNT]
	    [type & 0xff];
}

struct wire_buf *
rti__msg_begin(rti_ambassador *amb, uint16_t type, size_t *off)
{
	if (send_kind(amb, type) != RTI__ONE_WAY)
		amb->msg_bad = type;
	*off = wire_frame_begin(&amb->out, type);
	return &amb->out;
}

int
rti__msg_end(rti_ambassador *amb, size_t off, int now)
{
	if (amb->msg_bad) {
		uint16_t type = amb->msg_bad;

		amb->msg_bad = 0;
		amb->out.len = off;
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR,
		    "librti: message 0x%04x is not declared one-way", type);
	}
	if (amb->out.oom) {
		amb->out.len = off;
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	wire_frame_end(&amb->out, off);
	if (!now)
		return rti__out_queued(amb);
	/* Backpressure: past the high-water mark, wait until the socket has
	 * taken it (reading meanwhile, so neither side can block). */
	if (now || amb->out.len - amb->out_off > RTI__OUT_HIGH_WATER)
		return rti__flush(amb, amb->out.len - amb->out_off >
		    RTI__OUT_HIGH_WATER) == RTI_OK ? RTI_OK :
		    rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "connection to rtiexec lost: %s", amb->lost_reason);
	return RTI_OK;
}

void
rti__out_note(rti_ambassador *amb)
{
	if (amb->out_t0 == 0)
		amb->out_t0 = rti__now();
}

int
rti__out_queued(rti_ambassador *amb)
{
	size_t unsent = amb->out.len - amb->out_off;

	if (unsent <= RTI__OUT_HIGH_WATER && (unsent < amb->out_base ||
	    unsent - amb->out_base < RTI__OUT_BATCH)) {
		/* The age bound is checked at the start of every call
		 * (rti__check_connected), not again here. */
		if (amb->out_t0 == 0)
			amb->out_t0 = rti__now();
		return RTI_OK;
	}
	return rti__flush(amb, unsent > RTI__OUT_HIGH_WATER) == RTI_OK ?
	    RTI_OK : rti__fail(amb, RTI_ERR_CONNECTION_LOST,
	    "connection to rtiexec lost: %s", amb->lost_reason);
}

void
rti__out_age(rti_ambassador *amb)
{
	if (!amb->connected || amb->lost || amb->in_flush ||
	    rti__now() - amb->out_t0 < RTI__OUT_AGE_S)
		return;
	amb->in_flush = 1;
	rti__flush_modules(amb);
	amb->in_flush = 0;
	(void)rti__flush(amb, 0);
}

struct wire_buf *
rti__req_begin(rti_ambassador *amb, uint16_t type)
{
	wire_buf_reset(&amb->req);
	amb->req_bad = send_kind(amb, type) == RTI__REQUEST ? 0 : type;
	amb->req_off = wire_frame_begin(&amb->req, type);
	wire_put_u32(&amb->req, ++amb->serial);
	return &amb->req;
}

void
rti__flush_modules(rti_ambassador *amb)
{
	size_t m;

	for (m = 0; m <= RTI__MOD_COUNT; m++)
		if (rti__modules[m]->flush)
			rti__modules[m]->flush(amb);
}

int
rti__req_finish(rti_ambassador *amb, struct wire_rd *body)
{
	size_t scan, rel, poff;
	uint16_t type;
	uint32_t len, serial = amb->serial;
	int rc;

	if (amb->req_bad)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR,
		    "librti: message 0x%04x is not declared as a request",
		    amb->req_bad);
	if (amb->req.oom)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if (amb->req.len - amb->req_off - WIRE_HEADER_SIZE > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "request of %zu bytes exceeds rtiexec's frame limit %u",
		    amb->req.len, amb->max_frame);
	wire_frame_end(&amb->req, amb->req_off);
	rti__flush_modules(amb);
	wire_put_raw(&amb->out, amb->req.data, amb->req.len);
	if (amb->out.oom) {
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	if (rti__flush(amb, 1) != RTI_OK)
		goto lost;
	/* Reading may compact the input: keep the scan position relative to
	 * the first unread byte. */
	rel = 0;
	for (;;) {
		scan = amb->in_off + rel;
		rc = rti__frame_at(amb, scan, &type, &poff, &len);
		if (rc < 0) {
			rti__lose(amb, "oversized frame from rtiexec");
			goto lost;
		}
		if (rc == 0) {
			if (rti__wait_read(amb, -1) < 0)
				goto lost;
			continue;
		}
		if (type == WIRE_REPLY && len >= 4 &&
		    wire_get32(amb->in.data + poff) == serial)
			break;
		rel = poff + len - amb->in_off;
	}
	/* Take the reply out of the input; callbacks around it stay. */
	wire_buf_reset(&amb->reply);
	wire_put_raw(&amb->reply, amb->in.data + poff, len);
	if (amb->reply.oom)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	memmove(amb->in.data + poff - WIRE_HEADER_SIZE, amb->in.data + poff +
	    len, amb->in.len - poff - len);
	amb->in.len -= WIRE_HEADER_SIZE + len;
	{
		struct wire_rd rd;
		uint32_t err;
		const char *msg;

		wire_rd_init(&rd, amb->reply.data, amb->reply.len);
		(void)wire_get_u32(&rd);
		err = wire_get_u32(&rd);
		msg = wire_get_str(&rd, 4096);
		if (rd.err || err >= RTI_ERR__COUNT) {
			rti__lose(amb, "malformed reply from rtiexec");
			goto lost;
		}
		snprintf(amb->errmsg, sizeof amb->errmsg, "%s", msg);
		if (body)
			*body = rd;
		return (int)err;
	}
lost:
	return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
	    "connection to rtiexec lost: %s", amb->lost_reason);
}
