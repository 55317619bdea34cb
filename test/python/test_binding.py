# SPDX-License-Identifier: Apache-2.0
"""The binding's own layer: the library loaded, the struct layouts of
librti.h, the exception classes against RTI_ERR_MAP, the handle classes."""

import ctypes
import os
import re
import subprocess
import sys
import unittest

import rti
from rti import _native

from rtitest import TOP


class TestLibrary(unittest.TestCase):
    def test_loaded_by_env(self):
        # check_python.sh sets RTI_LIBRARY: that exact file is loaded.
        want = os.environ.get("RTI_LIBRARY")
        if not want:
            self.skipTest("RTI_LIBRARY not set")
        self.assertEqual(rti.library_path, want)

    def test_bad_env_is_an_import_error(self):
        env = dict(os.environ, RTI_LIBRARY="/nonexistent/librti.so")
        r = subprocess.run([sys.executable, "-c", "import rti"], env=env,
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("ImportError", r.stderr)
        self.assertIn("RTI_LIBRARY", r.stderr)


class TestLayouts(unittest.TestCase):
    """The ctypes declarations match librti.h's documented layouts."""

    def test_time(self):
        self.assertEqual(ctypes.sizeof(_native.Time), 16)
        self.assertEqual(ctypes.alignment(_native.Time), 8)
        self.assertEqual(_native.Time.f64.offset, 0)
        self.assertEqual(_native.Time.i64.offset, 8)

    def test_message_info(self):
        m = _native.MessageInfo
        self.assertEqual(m.producer.offset, 0)
        self.assertEqual(m.sent_order.offset, 4)
        self.assertEqual(m.received_order.offset, 8)
        self.assertEqual(m.time.offset, 16)
        self.assertEqual(m.retraction.offset, 32)
        self.assertEqual(m.condition.offset, 40)
        self.assertEqual(m.has_time.offset, 48)
        self.assertEqual(m.transportation.offset, 52)
        self.assertEqual(ctypes.sizeof(m), 56)

    def test_values(self):
        for s in (_native.AttributeValue, _native.ParameterValue):
            self.assertEqual(ctypes.sizeof(s), 24)
            self.assertEqual(s._fields_[1][0], "value")
        self.assertEqual(_native.BundleInstance.condition.offset, 24)
        self.assertEqual(ctypes.sizeof(_native.BundleInstance), 32)

    def test_callbacks_member_per_header_member(self):
        # Every function-pointer member of struct rti_callbacks, in order.
        with open(os.path.join(TOP, "include", "librti.h")) as f:
            text = f.read()
        body = text[text.index("struct rti_callbacks {"):]
        body = body[:body.index("};")]
        names = re.findall(r"\(\*([a-z_]+)\)", body)
        self.assertEqual(names, [n for n, _ in _native.CALLBACKS])
        self.assertEqual(ctypes.sizeof(_native.Callbacks),
                         len(names) * ctypes.sizeof(ctypes.c_void_p))
        # and the argument counts (arg included) match the header's
        for name, args in _native.CALLBACKS:
            decl = re.search(r"\(\*%s\)\(([^;]*)\);" % name, body).group(1)
            self.assertEqual(len(decl.split(",")), len(args), name)


class TestErrors(unittest.TestCase):
    def header_codes(self):
        with open(os.path.join(TOP, "include", "librti.h")) as f:
            text = f.read()
        m = text[text.index("#define RTI_ERR_MAP"):
                 text.index("enum rti_err {")]
        return re.findall(r"XX\(([A-Z0-9_]+),", m)

    def test_one_class_per_code(self):
        names = self.header_codes()
        self.assertEqual(names[0], "OK")
        self.assertEqual(len(rti.ERRORS), len(names) - 1)
        for code, name in enumerate(names[1:], 1):
            cls = rti.error_class(code)
            self.assertEqual(cls.name, "RTI_ERR_" + name)
            self.assertEqual(cls.code, code)
            camel = "".join(w.capitalize() for w in name.split("_"))
            self.assertIs(getattr(rti, camel), cls)
            self.assertTrue(issubclass(cls, rti.RTIError))
            self.assertTrue(cls.__doc__)

    def test_builtin_bases(self):
        self.assertTrue(issubclass(rti.InvalidArgument, ValueError))
        self.assertTrue(issubclass(rti.NameNotFound, LookupError))
        self.assertTrue(issubclass(rti.ConnectionFailed, ConnectionError))

    def test_connect_failure_carries_message(self):
        # A port nothing listens on: a closed one on loopback.
        import socket
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        with self.assertRaises(rti.ConnectionFailed) as cm:
            rti.Ambassador(None, "tcp://127.0.0.1:%d" % port)
        self.assertEqual(cm.exception.code, rti.ConnectionFailed.code)
        self.assertTrue(str(cm.exception))
        with self.assertRaises(rti.InvalidLocalSettingsDesignator):
            rti.Ambassador(None, "bogus://x")


class TestHandles(unittest.TestCase):
    def test_kinds_do_not_mix(self):
        a, c = rti.AttributeHandle(3), rti.ObjectClassHandle(3)
        self.assertNotEqual(a, c)
        self.assertEqual(a, rti.AttributeHandle(3))
        self.assertEqual(len({a, c, rti.AttributeHandle(3)}), 2)
        self.assertEqual(a.id, 3)
        self.assertEqual(repr(a), "AttributeHandle(3)")
        with self.assertRaises(TypeError):
            a < c
        self.assertLess(rti.AttributeHandle(1), a)

    def test_immutable_and_checked(self):
        a = rti.AttributeHandle(3)
        with self.assertRaises(AttributeError):
            a.id = 4
        with self.assertRaises(TypeError):
            rti.AttributeHandle("3")
        with self.assertRaises(TypeError):
            rti.AttributeHandle(True)
        with self.assertRaises(ValueError):
            rti.AttributeHandle(1 << 32)
        with self.assertRaises(TypeError):
            rti.Handle(1)
        self.assertFalse(rti.AttributeHandle(0))
        rti.MessageRetractionHandle((1 << 64) - 1)


class TestDocs(unittest.TestCase):
    def test_every_public_name_documented(self):
        missing = []
        for name in rti.__all__:
            obj = getattr(rti, name)
            if isinstance(obj, (str, int, float)) or name.startswith("__"):
                continue
            if not (getattr(obj, "__doc__", None) or "").strip():
                missing.append(name)
            if isinstance(obj, type):
                for m, v in vars(obj).items():
                    if m.startswith("_") or not callable(v) and \
                            not isinstance(v, property):
                        continue
                    if not (getattr(v, "__doc__", None) or "").strip():
                        missing.append("%s.%s" % (name, m))
        self.assertEqual(missing, [])

    def test_every_service_has_a_method(self):
        # Each rti_ function of the header that is a service (or a lookup)
        # is a method of Ambassador, under the C name without rti_, or is
        # folded into one (the _at, _with_condition, _passively forms).
        with open(os.path.join(TOP, "include", "librti.h")) as f:
            text = f.read()
        fns = set(re.findall(r"RTI_API [^;(]*?\b(rti_[a-z0-9_]+)\(", text))
        folded = re.compile(
            r"_at$|_with_condition$|_with_condition_at$|_passively$|"
            r"_passively_with_regions$|"
            r"^rti_register_object_instance_with_name_and_regions$|"
            r"^rti_register_object_instance_with_(name|condition)$|"
            r"^rti_join_federation_execution_with_modules$|"
            r"^rti_send_interaction_with_regions$|"
            r"interaction_subscription_condition|"
            r"^rti_set_interaction_subscription_conditions$|"
            r"^rti_request_class_attribute_value_update$|"
            r"^rti_(encode|decode)_|^rti_(encoder|decoder)_|^rti_value_|"
            r"^rti_ambassador_|^rti_connect$|^rti_set_auth_key$|"
            r"^rti_set_heartbeat_timeout$|"
            r"^rti_get_fd$|^rti_evoke_callbacks?$|^rti_error_message$|"
            r"^rti_strerror$|^rti_err_name$|^rti_free$|"
            r"^rti_get_time_implementation$|^rti_time_(f|i)64$")
        missing = sorted(f for f in fns if not folded.search(f) and
                         not hasattr(rti.Ambassador, f[4:]))
        self.assertEqual(missing, [])


if __name__ == "__main__":
    unittest.main()
