"""The Office.js contract (xlwings Lite / Server), in a subprocess with the test key."""

import json
import os
import subprocess
import sys
import textwrap

CODE = textwrap.dedent("""
    import asyncio, json, sys
    import xlwings as xw
    import xlwings.server as server
    import xl_ratings.udfs as udfs
    meta = server.custom_functions_meta(udfs)
    base = {"version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "M/d/yyyy"}
    ratings = [[1000 + 10 * i] for i in range(200)]
    col = asyncio.run(server.custom_functions_call(
        dict(base, func_name="elo_expected", args=[ratings, [[1500]], [["fide"]]]), udfs))
    gor = asyncio.run(server.custom_functions_call(
        dict(base, func_name="gor_update", args=[[[1850]], [[2400]], [["W"]], [[5]], [[None]]]), udfs))
    try:
        asyncio.run(server.custom_functions_call(
            dict(base, func_name="rank_rating", args=[[["三段"]], [["nonsense-system"]]]), udfs))
        err = None
    except Exception as e:
        err = str(e)
    json.dump({"meta": meta, "col": col, "gor": gor, "err": err}, sys.stdout, ensure_ascii=False)
""")


def run_officejs():
    env = dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_officejs_metadata_and_spill():
    from xl_ratings import udfs
    from xl_ratings.systems import shanghai

    res = run_officejs()
    funcs = {f["name"]: f for f in res["meta"]["functions"]}
    assert set(funcs) == {n.upper() for n in udfs.__all__}
    for name, f in funcs.items():
        assert f["description"].strip() and not f["description"].startswith("Python function")
        assert f["parameters"], name
        for p in f["parameters"]:
            assert p["description"] and not p["description"].startswith("Positional argument"), \
                (name, p["name"])
    assert [p.get("optional", False) for p in funcs["ELO_EXPECTED"]["parameters"]] == \
        [False, False, True]
    col = res["col"]
    assert len(col) == 200 and all(len(r) == 1 for r in col)
    assert [r[0] for r in col] == [shanghai.expected_score(1000 + 10 * i - 1500) for i in range(200)]
    assert abs(res["gor"][0][0] - 1874.827) < 1e-3
    assert "RANK_RATING: unknown system 'nonsense-system'" in res["err"]
