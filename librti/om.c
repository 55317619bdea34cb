/* om.c - OM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

static const struct rti__cb_handler om_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__om_module = {
	.name = "OM",
	.callbacks = om_callbacks,
};
