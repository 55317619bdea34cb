# SPDX-License-Identifier: Apache-2.0
"""rti: Python binding of librti, the client library of the rti HLA
(IEEE 1516-2010) run-time infrastructure.

Pure Python over librti through ctypes.  A federate is an
:class:`Ambassador` (one connection to rtiexec; a context manager that
resigns and disconnects on exit) and a :class:`FederateAmbassador`
subclass whose methods are its callbacks::

    import rti

    class Fed(rti.FederateAmbassador):
        def time_advance_grant(self, time):
            self.granted = time

    with rti.Ambassador(Fed(), "tcp://127.0.0.1:14321") as amb:
        amb.create_federation_execution("Demo", "Grid.xml")
        amb.join_federation_execution("py", "example", "Demo")
        ...

Every service of librti.h is a method of Ambassador named without
``rti_``; errors are exceptions, one class per ``RTI_ERR_*`` code
(:mod:`rti.errors`, all also importable from here); handles are typed
values (:mod:`rti.handles`) that cannot be mixed up; logical times are
``float`` or ``int`` by the federation's time representation; attribute and
parameter values are ``bytes`` or Python values encoded through the FOM's
datatypes.  Callbacks run inside :meth:`Ambassador.evoke` or, with asyncio,
:meth:`Ambassador.evoke_async`.

The library: ``RTI_LIBRARY`` (path of librti.so) when set, else the build
tree the package sits in, else the installed librti.so.0 (see
``rti._native``).
"""

from . import errors
from .ambassador import *  # noqa: F401,F403
from .ambassador import __all__ as _amb_all
from .errors import *  # noqa: F401,F403
from .errors import __all__ as _err_all
from .handles import *  # noqa: F401,F403
from .handles import __all__ as _h_all
from ._native import path as library_path

__version__ = "0.1.0"
__all__ = list(_amb_all) + list(_err_all) + list(_h_all) + [
    "errors", "library_path", "__version__"]
del _amb_all, _err_all, _h_all
