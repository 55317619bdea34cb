/* owm.c - the OWM module of rtiexec. */
#include "config.h"

#include "owm.h"

static const struct msg_handler owm_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops owm_module = {
	.name = "OWM",
	.handlers = owm_handlers,
};
