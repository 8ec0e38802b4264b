"""dipadj.Error carries the core's whole message: a NUL in a name is written as \\x00, not the end
of the message, and bytes of a file that are not UTF-8 are written as \\xNN instead of turning the
error into a UnicodeDecodeError (tests/data/reliability/python-nul-message)."""
import pytest

import dipadj


def test_a_name_with_a_nul_byte_is_named_whole():
    with pytest.raises(dipadj.Error) as raised:
        dipadj.Game("stan\x00dard")
    assert str(raised.value).startswith("stan\\x00dard: no such file\n")
    with pytest.raises(dipadj.Error) as raised:
        dipadj.load_variant("a\x00b")
    assert str(raised.value) == "a\\x00b: no such file"


def test_a_message_never_holds_a_control_byte():
    with pytest.raises(dipadj.Error) as raised:
        dipadj.adjudicate({"format": "dipadj-game/1", "variant": "x\x1b[31mred\x00", "phase": "Spring 1901 Movement",
                           "units": {}, "orders": {}})
    message = str(raised.value)
    assert "x\\x1b[31mred\\x00: no such file" in message
    assert not any(ord(c) < 0x20 and c != "\n" for c in message), message


def test_bytes_that_are_not_utf8_are_written_as_hex(tmp_path, source):
    map_file = (source / "variants" / "standard" / "map.yaml").resolve()
    (tmp_path / "variant.yaml").write_bytes(
        b"format: dipadj-variant/1\nname: b\ntitle: b\nmap: " + str(map_file).encode() +
        b"\npowers:\n  - {name: P, adjective: P, home_centres: [\"\xff\xfe\"]}\n")
    with pytest.raises(dipadj.Error) as raised:
        dipadj.load_variant(str(tmp_path))
    assert "variant.yaml:6: unknown home centre '\\xff\\xfe'" in str(raised.value)
