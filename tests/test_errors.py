"""The package's errors: every one it defines lives in gin_teach.errors, derives from GinError
and is also a ValueError, so one except clause catches them all."""

import importlib
import inspect
import pkgutil

import gin_teach
from gin_teach import errors
from gin_teach.errors import GinError


def _modules():
    for info in pkgutil.walk_packages(gin_teach.__path__, "gin_teach."):
        yield importlib.import_module(info.name)


def test_every_package_error_is_defined_in_errors_and_is_a_value_error():
    found = {}
    for module in _modules():
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, GinError):
                found.setdefault(value, module.__name__)
                assert value.__module__ == "gin_teach.errors", (
                    f"{name} in {module.__name__} is defined in {value.__module__}")
    classes = [c for c in vars(errors).values() if inspect.isclass(c) and issubclass(c, GinError)]
    assert {c.__name__ for c in classes} >= {
        "AnswerError", "CardError", "IllegalMove", "ReplayError", "RulesError", "SetupError"}
    for error in classes:
        if error is not GinError:
            assert issubclass(error, ValueError) and error.__name__ in errors.__all__
