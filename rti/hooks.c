/*
 * hooks.c - rtiexec core: the delivery of the module hooks of server.h
 * that more than one module takes: a federate's resign, the server's
 * shutdown, and the events a module raises for the modules above it.
 * A module never calls one above it; what it must tell them goes through
 * here, to every module registered for it, in the order this file states
 * for each.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "server.h"

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
		f->conn->fed = NULL;
		f->conn = NULL;
	}
	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federate_resign)
			server_modules[m]->federate_resign(f, action);
	server_unlink_federate(f);
	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federate_fini)
			server_modules[m]->federate_fini(f);
	rti_log(f->fx->srv, LOG_INFO, "federate %s (%u) resigned from %s",
	    f->name, f->handle, f->fx->name);
	free(f->name);
	free(f->type);
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
