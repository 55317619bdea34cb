/* dm.h - the DM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_DM_H
#define RTI_DM_H

#include "server.h"

#endif
