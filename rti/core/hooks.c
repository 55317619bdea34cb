/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hooks.c - rtiexec core: the delivery of the module hooks of server.h
 * that more than one module takes: a federate's resign, the server's
 * shutdown, and the events a module raises for the modules above it.
 * A module never calls one above it; what it must tell them goes through
 * here, to every module registered for it, in the order this file states
 * for each.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "server_int.h"

void
server_unlink_federate(struct federate *f)
{
	struct federation *fx = f->fx;
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i] == f) {
			memmove(&fx->feds[i], &fx->feds[i + 1],
			    (fx->n_feds - i - 1) * sizeof *fx->feds);
			fx->n_feds--;
			break;
		}
}

void
server_resign(struct federate *f, int action)
{
	int m;

	if (f->conn) {
		f->conn->pub.fed = NULL;
		f->conn = NULL;
	}
	events_resigned(f, action);
	for (m = 0; m < MOD_COUNT; m++)
		if (server_modules[server_resign_order[m]]->federate_resign)
			server_modules[server_resign_order[m]]->federate_resign(f,
			    action);
	server_unlink_federate(f);
	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federate_fini)
			server_modules[m]->federate_fini(f);
	rti_log(f->fx->srv, LOG_INFO, "federate %s (%u) resigned from %s",
	    f->name, f->handle, f->fx->name);
	free(f->name);
	free(f->type);
	free(f->leave_detail);
	free(f);
}

void
server_modules_fini(struct rti_server *srv)
{
	int m;

	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->server_fini)
			server_modules[m]->server_fini(srv);
}

/* Events go up the layers: the lowest taker first (MOD_* order). */
#define EACH_TAKER(m, hook) \
	for (size_t i_ = 0; i_ < MOD_COUNT; i_++) \
		if (((m) = server_modules[i_])->hook)

void
server_sub_changed(struct federate *f, int kind, uint32_t cls, int plain)
{
	const struct module_ops *m;

	EACH_TAKER(m, sub_changed)
		m->sub_changed(f, kind, cls, plain);
}

void
server_sub_reply(struct conn *c, uint32_t serial, int err)
{
	const struct module_ops *m;

	EACH_TAKER(m, reply_held)
		if (m->reply_held(c, serial, err))
			return;
	conn_reply(c, serial, err, NULL, NULL, 0);
}

void
server_sub_applied(struct federate *f, uint32_t cls)
{
	const struct module_ops *m;

	EACH_TAKER(m, sub_applied)
		m->sub_applied(f, cls);
}

void
server_published(struct federate *f, int kind, uint32_t cls)
{
	const struct module_ops *m;

	EACH_TAKER(m, published)
		m->published(f, kind, cls);
}

void
server_conds_changed(struct federate *f, int kind, uint32_t cls)
{
	const struct module_ops *m;

	EACH_TAKER(m, conds_changed)
		m->conds_changed(f, kind, cls);
}

void
server_turn_end_want(struct rti_server *srv)
{
	if (srv->turn_end_wanted)
		return;
	srv->turn_end_wanted = 1;
	if (srv->flush_ev)
		event_active(srv->flush_ev, EV_TIMEOUT, 0);
}

void
server_turn_end(struct rti_server *srv)
{
	const struct module_ops *m;

	if (!srv->turn_end_wanted)
		return;
	srv->turn_end_wanted = 0;
	EACH_TAKER(m, turn_end)
		m->turn_end(srv);
}

int
server_can_unpublish(struct federate *f, uint32_t cls,
    const uint64_t *removed, int all, char *msg, size_t len)
{
	const struct module_ops *m;
	int err;

	EACH_TAKER(m, can_unpublish)
		if ((err = m->can_unpublish(f, cls, removed, all, msg, len)))
			return err;
	return 0;
}

void
server_unpublished(struct federate *f, uint32_t cls,
    const uint64_t *removed)
{
	const struct module_ops *m;

	EACH_TAKER(m, unpublished)
		m->unpublished(f, cls, removed);
}

void
server_switch_changed(struct federate *f, int sw, int on)
{
	const struct module_ops *m;

	EACH_TAKER(m, switch_changed)
		m->switch_changed(f, sw, on);
}

void
server_instance_removed(struct federation *fx, uint32_t obj)
{
	const struct module_ops *m;

	EACH_TAKER(m, instance_removed)
		m->instance_removed(fx, obj);
}

void
server_release_leavers(struct federation *fx, struct om_instance *in,
    uint32_t fed)
{
	const struct module_ops *m;

	EACH_TAKER(m, release_leavers)
		m->release_leavers(fx, in, fed);
}

void
server_relevance_stale(struct federation *fx, uint32_t cls, uint32_t obj)
{
	const struct module_ops *m;

	EACH_TAKER(m, relevance_stale)
		m->relevance_stale(fx, cls, obj);
}

int
server_fom_grown(struct federation *fx, const struct fom_sizes *was)
{
	const struct module_ops *m;

	EACH_TAKER(m, fom_grown)
		if (m->fom_grown(fx, was) < 0)
			return -1;
	return 0;
}

void
server_rti_interaction(struct federate *f, uint32_t cls,
    const uint8_t *params, size_t len)
{
	const struct module_ops *m;

	EACH_TAKER(m, rti_interaction)
		m->rti_interaction(f, cls, params, len);
}

void
server_rti_provide(struct federation *fx, uint32_t obj,
    const uint32_t *attrs, uint32_t n, uint32_t req)
{
	const struct module_ops *m;

	EACH_TAKER(m, rti_provide)
		m->rti_provide(fx, obj, attrs, n, req);
}

void
server_federate_exception(struct federate *f, int err, const char *msg)
{
	const struct module_ops *m;
	struct rti_server *srv = f->fx->srv;
	uint16_t type;

	if (f->report_services && f->conn && srv->dispatching == f->conn &&
	    srv->svc_err == RTI_OK) {
		srv->svc_err = err;
		snprintf(srv->svc_msg, sizeof srv->svc_msg, "%s", msg);
	}
	if (!f->report_exceptions)
		return;
	type = f->conn && srv->dispatching == f->conn ? srv->dispatch_type : 0;
	EACH_TAKER(m, federate_exception)
		m->federate_exception(f, type, err, msg);
}

int
server_dispatch_reported(struct conn *c, const struct msg_handler *h,
    uint32_t serial, struct wire_rd *rd, uint16_t type)
{
	struct rti_server *srv = c->pub.srv;
	struct federate *f = c->pub.fed;
	const struct module_ops *m;
	const uint8_t *p = rd->p;
	uint32_t n = (uint32_t)wire_rd_left(rd);
	int rc;

	srv->svc_err = RTI_OK;
	srv->svc_msg[0] = '\0';
	srv->svc_ret_len = 0;
	rc = h->fn(c, serial, rd);
	if (rc == MSG_DEFER || c->pub.fed != f || !f->report_services)
		return rc;
	if (rc < 0 && srv->svc_err == RTI_OK) {
		srv->svc_err = RTI_ERR_PROTOCOL_ERROR;
		snprintf(srv->svc_msg, sizeof srv->svc_msg, "malformed "
		    "message");
	}
	EACH_TAKER(m, service_invoked)
		m->service_invoked(f, type, p, n, srv->svc_err, srv->svc_msg,
		    srv->svc_ret, srv->svc_ret_len);
	return rc;
}

void
server_save_time_reached(struct federation *fx)
{
	const struct module_ops *m;

	EACH_TAKER(m, save_time_reached)
		m->save_time_reached(fx);
}

void
server_saves_changed(struct federation *fx)
{
	const struct module_ops *m;

	EACH_TAKER(m, saves_changed)
		m->saves_changed(fx);
}
