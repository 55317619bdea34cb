/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ambassador.c - the ambassador itself: rti_ambassador_new/free,
 * rti_connect/rti_disconnect (the socket and handshake are connection.c's),
 * the joined state every module's join and leave hooks hang on
 * (rti__enter, rti__leave), the error message (rti__fail,
 * rti_error_message, rtiexec's notices) and the module tables.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core_int.h"
#include "match.h"
#include "librti_int.h"

static int cb_notice(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);

/* rtiexec is alive (its read stamped last_rx); evoke skips these. */
static int
cb_heartbeat(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	(void)amb;
	(void)type;
	return wire_rd_done(rd) ? 0 : -1;
}

/* rtiexec offers the datagram path: open it (a failure leaves best
 * effort on the stream).  Taken once per connection. */
static int
cb_dgram_offer(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint64_t token = wire_get_u64(rd);
	uint16_t port = wire_get_u16(rd), max = wire_get_u16(rd);
	uint8_t mac = wire_get_u8(rd);

	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	amb->udp_srv_port = port;
	if (amb->udp_state == RTI__UDP_NONE && amb->udp_fd < 0)
		(void)rti__udp_open(amb, token, port, max, mac != 0);
	return 0;
}

/* rtiexec took the registration: best effort goes by UDP now. */
static int
cb_dgram_confirm(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	if (amb->udp_state == RTI__UDP_REGISTERING ||
	    amb->udp_state == RTI__UDP_FAILED)
		amb->udp_state = RTI__UDP_CONFIRMED;
	return 0;
}

/* rtiexec tells this federate to join or leave a multicast group. */
static int
cb_mc_join(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint8_t join = wire_get_u8(rd);
	uint64_t token = wire_get_u64(rd);
	uint32_t addr = wire_get_u32(rd);
	uint16_t port = wire_get_u16(rd);
	uint8_t mac = wire_get_u8(rd);

	(void)type;
	if (!wire_rd_done(rd) || join > 1 || token == 0)
		return -1;
	rti__mc_order(amb, join, token, addr, port, mac != 0);
	return 0;
}

static const struct rti__cb_handler core_callbacks[] = {
	{ WIRE_NOTICE, cb_notice },
	{ WIRE_CB_HEARTBEAT, cb_heartbeat },
	{ WIRE_CB_DGRAM_OFFER, cb_dgram_offer },
	{ WIRE_CB_DGRAM_CONFIRM, cb_dgram_confirm },
	{ WIRE_CB_MC_JOIN, cb_mc_join },
	{ WIRE_CB_SERVICE_REPORTING, rti__svc_cb_reporting },
	{ 0, NULL }
};

static const struct rti__msg_out core_sends[] = {
	{ WIRE_HELLO, RTI__ONE_WAY },
	{ WIRE_HEARTBEAT, RTI__ONE_WAY },
	{ WIRE_MC_JOINED, RTI__ONE_WAY },
	{ WIRE_SERVICE_REPORT, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__core_module = {
	.name = "core",
	.callbacks = core_callbacks,
	.sends = core_sends,
};

const struct rti__module *const rti__modules[RTI__MOD_COUNT + 1] = {
	&rti__core_module,
	&rti__fedm_module,
	&rti__dm_module,
	&rti__om_module,
	&rti__tm_module,
	&rti__owm_module,
	&rti__ddm_module,
	&rti__save_module,
};

const uint16_t rti__answers[] = {
	WIRE_HELLO_ACK, WIRE_HELLO_NAK, WIRE_REPLY, 0
};

int
rti__fail(rti_ambassador *amb, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(amb->errmsg, sizeof amb->errmsg, fmt, ap);
	va_end(ap);
	return err;
}

RTI_API const char *
rti_error_message(const rti_ambassador *amb)
{
	return amb ? amb->errmsg : "no ambassador";
}

int
rti__check_connected(rti_ambassador *amb)
{
	if (amb->out_t0 != 0)
		rti__out_age(amb);
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED,
		    "not connected to rtiexec");
	if (amb->lost)
		return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "connection to rtiexec lost: %s", amb->lost_reason);
	return RTI_OK;
}

int
rti__check_joined(rti_ambassador *amb)
{
	int rc = rti__check_connected(amb);

	if (rc != RTI_OK)
		return rc;
	if (!amb->joined)
		return rti__fail(amb, RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER,
		    "not joined to a federation execution");
	if (amb->busy)
		return rti__fail(amb, amb->busy, "a federation %s is in "
		    "progress", amb->busy == RTI_ERR_SAVE_IN_PROGRESS ?
		    "save" : "restore");
	return RTI_OK;
}

int
rti__check_member(rti_ambassador *amb)
{
	int rc = rti__check_connected(amb);

	if (rc != RTI_OK)
		return rc;
	if (!amb->joined)
		return rti__fail(amb, RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER,
		    "not joined to a federation execution");
	return RTI_OK;
}

int
rti__check_tag(rti_ambassador *amb, const void *tag, size_t tag_len)
{
	if ((tag_len && !tag) || tag_len > WIRE_MAX_TAG)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "bad tag (NULL with a length, or above %u bytes)",
		    WIRE_MAX_TAG);
	return RTI_OK;
}

int
rti__check_cond(rti_ambassador *amb, const char *cond, int subscription)
{
	const char *why;

	if (match_cond_check(cond, subscription, &why) < 0)
		return rti__fail(amb, RTI_ERR_INVALID_CONDITION,
		    "condition '%.80s': %s", cond ? cond : "(null)", why);
	return RTI_OK;
}

int
rti__check_send_cond(rti_ambassador *amb, const char *cond)
{
	return rti__check_cond(amb, cond, 0);
}

/* The event lists of amb->ev: each module's hook, in module order. */
static void
events_init(struct rti__events *ev)
{
	size_t m, nu = 0, nsu = 0, nsb = 0, nsi = 0, nr = 0, ng = 0;

	for (m = 0; m <= RTI__MOD_COUNT; m++) {
		const struct rti__module *mod = rti__modules[m];

		if (mod->unpublished)
			ev->unpublished[nu++] = mod->unpublished;
		if (mod->send_update)
			ev->send_update[nsu++] = mod->send_update;
		if (mod->send_bundle)
			ev->send_bundle[nsb++] = mod->send_bundle;
		if (mod->send_interaction)
			ev->send_interaction[nsi++] = mod->send_interaction;
		if (mod->received)
			ev->received[nr++] = mod->received;
		if (mod->fom_grown)
			ev->fom_grown[ng++] = mod->fom_grown;
	}
}

RTI_API rti_ambassador *
rti_ambassador_new(void)
{
	rti_ambassador *amb = calloc(1, sizeof *amb);
	const struct rti__cb_handler *h;
	const struct rti__msg_out *o;
	size_t m;

	if (!amb)
		return NULL;
	amb->fd = -1;
	amb->epfd = -1;
	amb->udp_fd = -1;
	amb->mc_fd = -1;
	wire_buf_init(&amb->out);
	wire_buf_init(&amb->in);
	wire_buf_init(&amb->reply);
	wire_buf_init(&amb->req);
	for (m = 0; m <= RTI__MOD_COUNT; m++) {
		for (h = rti__modules[m]->callbacks; h && h->fn; h++)
			amb->dispatch[WIRE_MODULE_OF(h->type) % WIRE_MOD_COUNT]
			    [h->type & 0xff] = h;
		for (o = rti__modules[m]->sends; o && o->type; o++)
			amb->sendkind[WIRE_MODULE_OF(o->type) % WIRE_MOD_COUNT]
			    [o->type & 0xff] = o->kind;
	}
	events_init(&amb->ev);
	return amb;
}

/* Leave the joined state: every module frees its slot (librti_int.h). */
void
rti__leave(rti_ambassador *amb)
{
	int m;
	size_t i;

	for (m = RTI__MOD_COUNT; m >= 0; m--)
		if (rti__modules[m]->leave)
			rti__modules[m]->leave(amb);
	fom_free(amb->fom);
	amb->fom = NULL;
	free(amb->federate_name);
	amb->federate_name = NULL;
	free(amb->federation);
	amb->federation = NULL;
	for (i = 0; i < amb->n_fed_names; i++)
		free(amb->fed_names[i].name);
	free(amb->fed_names);
	amb->fed_names = NULL;
	amb->n_fed_names = 0;
	amb->joined = 0;
	amb->report_services = 0;
	amb->busy = RTI_OK;
	amb->self.id = 0;
}

/* Joined: let every module set up.  RTI_OK or the first error
 * (librti_int.h). */
int
rti__enter(rti_ambassador *amb)
{
	int m, rc;

	amb->joined = 1;
	amb->resign_action = RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
	for (m = 0; m <= RTI__MOD_COUNT; m++)
		if (rti__modules[m]->join &&
		    (rc = rti__modules[m]->join(amb)) != RTI_OK)
			return rc;
	if (rti__fom_best_effort(amb->fom))
		rti__udp_want(amb);
	return RTI_OK;
}

int
rti__fom_best_effort(const struct fom *fom)
{
	uint32_t i;

	for (i = 1; i <= fom->n_attrs; i++)
		if (fom_attr(fom, i)->transport == FOM_TRANSPORT_BEST_EFFORT)
			return 1;
	for (i = 1; i <= fom->n_iclasses; i++)
		if (fom_iclass(fom, i)->transport == FOM_TRANSPORT_BEST_EFFORT)
			return 1;
	return 0;
}

RTI_API int
rti_get_transport_stats(const rti_ambassador *amb,
    struct rti_transport_stats *stats)
{
	if (!amb || !stats)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!amb->connected)
		return RTI_ERR_NOT_CONNECTED;
	*stats = amb->ts;
	stats->udp = amb->udp_state == RTI__UDP_CONFIRMED;
	stats->mc_groups = amb->n_mc;
	return RTI_OK;
}

RTI_API void
rti_ambassador_free(rti_ambassador *amb)
{
	if (!amb)
		return;
	rti__conn_close(amb);
	wire_buf_free(&amb->out);
	wire_buf_free(&amb->in);
	free(amb->in_old);
	wire_buf_free(&amb->reply);
	wire_buf_free(&amb->req);
	free(amb->auth_key);
	free(amb);
}

RTI_API int
rti_set_auth_key(rti_ambassador *amb, const void *key, size_t len)
{
	uint8_t *k;

	if (!amb || (!key && len) || len > WIRE_MAX_AUTH_KEY)
		return amb ? rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "key must be at most %d bytes", WIRE_MAX_AUTH_KEY) :
		    RTI_ERR_INVALID_ARGUMENT;
	k = len ? malloc(len) : NULL;
	if (len && !k)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if (len)
		memcpy(k, key, len);
	free(amb->auth_key);
	amb->auth_key = k;
	amb->auth_key_len = len;
	return RTI_OK;
}

RTI_API int
rti_set_heartbeat_timeout(rti_ambassador *amb, double seconds)
{
	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!(seconds == 0 || (seconds >= 0.5 && seconds <= 3600)))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "heartbeat timeout must be 0 or 0.5..3600 seconds");
	amb->hb_own = seconds;
	return RTI_OK;
}

RTI_API int
rti_connect(rti_ambassador *amb, const char *url,
    const struct rti_callbacks *callbacks, void *arg)
{
	struct timespec ts;
	unsigned seed = (unsigned)getpid() ^ (unsigned)((uintptr_t)amb >> 4);
	double d;
	int rc, i;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "rti_connect inside a callback");
	if (amb->connected)
		return rti__fail(amb, RTI_ERR_ALREADY_CONNECTED,
		    "already connected");
	if (callbacks)
		amb->cb = *callbacks;
	else
		memset(&amb->cb, 0, sizeof amb->cb);
	amb->arg = arg;
	/* no URL: the environment's RTI_URL, else the default */
	if ((!url || !*url) && getenv("RTI_URL") && *getenv("RTI_URL"))
		url = getenv("RTI_URL");
	/* A refusal for connections still in their handshake is transient
	 * (a burst of federates from one host): tried again 7 times, after
	 * 5, 10, ... 320 ms, each with up to as much again of jitter, so
	 * that a burst spreads out (about a second in all). */
	for (i = 0;; i++) {
		amb->refused_busy = 0;
		rc = rti__conn_open(amb, url);
		if (rc != RTI_ERR_CONNECTION_FAILED || !amb->refused_busy ||
		    i == 7)
			break;
		d = 0.005 * (double)(1u << i);
		d += d * (double)(rand_r(&seed) % 1000) / 1000.0;
		ts.tv_sec = (time_t)d;
		ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9);
		(void)nanosleep(&ts, NULL);
	}
	if (rc != RTI_OK)
		return rc;
	amb->errmsg[0] = '\0';
	return RTI_OK;
}

RTI_API int
rti_disconnect(rti_ambassador *amb)
{
	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "rti_disconnect inside a callback");
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED, "not connected");
	if (!amb->lost) {
		rti__flush_modules(amb);
		(void)rti__flush(amb, 1);
	}
	rti__conn_close(amb);
	return RTI_OK;
}

RTI_API int
rti_get_fd(const rti_ambassador *amb)
{
	if (!amb || !amb->connected)
		return -1;
	return amb->epfd >= 0 ? amb->epfd : amb->fd;
}

/* An asynchronous error of rtiexec lands in the error message. */
static int
cb_notice(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t err = wire_get_u32(rd);
	const char *msg = wire_get_str(rd, 4096);

	(void)type;
	if (rd->err)
		return -1;
	snprintf(amb->errmsg, sizeof amb->errmsg, "rtiexec: %s (%s)", msg,
	    rti_err_name((int)err));
	snprintf(amb->notice, sizeof amb->notice, "%s", msg);
	return 0;
}
