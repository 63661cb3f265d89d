// Run tests/pyodide/driver.py under real Pyodide (Node), offline: every fetch is refused,
// Pyodide loads from its npm folder, wheels are installed from the host's folder (NODEFS).
// usage: node runner.mjs PYODIDE_DIR HOST_DIR   (HOST_DIR holds job.json; out.json is written there)
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, hostDir] = process.argv.slice(2);
globalThis.fetch = async (url) => { throw new Error(`offline: no download allowed (${url})`); };
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: (s) => console.log(s),
                                    stderr: (s) => console.error(s) });
pyodide.FS.mkdir("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(hostDir) }, "/host");
const job = JSON.parse(pyodide.FS.readFile("/host/job.json", { encoding: "utf8" }));
// micropip is fetched from a CDN by loadPackage: unpack PyPI's wheel (and packaging's) instead
for (const name of job.bootstrap) {
  pyodide.unpackArchive(pyodide.FS.readFile(`/host/wheels/${name}`), "wheel");
}
try {
  await pyodide.runPythonAsync(pyodide.FS.readFile("/host/driver.py", { encoding: "utf8" }));
} catch (e) {   // the Python traceback, not Pyodide's minified JavaScript
  console.error(String(e.message || e));
  process.exit(1);
}
