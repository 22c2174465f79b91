// A batch: several files (or a .zip) solved as `solvebatch run` solves a folder, each family's
// files by the solver chosen for it (`run --solver`), with verdicts against the references that
// came along, and the HTML report, the references `run --bless` would
// write (a .zip) and the JUnit report to save.
"use strict";

const $ = (id) => document.getElementById(id);
const TONES = { same: "good", valid: "warn", differs: "bad", solved: "", no_solution: "", invalid: "warn", timeout: "bad", failed: "bad" };

// A choice of solver for each family, its default first, as `GET /api/solvers` lists them.
async function offerSolvers() {
  const answer = await api("/api/solvers");
  if (answer.status !== 200) return;
  $("solvers").replaceChildren(...answer.body.map(({ family, extension, solvers }) => {
    const label = document.createElement("label");
    const choice = document.createElement("select");
    choice.id = `solver-${family}`;
    choice.dataset.family = family;
    for (const solver of solvers) {
      choice.append(Object.assign(document.createElement("option"), { value: solver.name, textContent: solver.name, title: solver.description }));
    }
    // A family with one solver shows it, with nothing to choose.
    choice.disabled = solvers.length === 1;
    label.append(`${family} (${extension}) `, choice);
    return label;
  }));
}
offerSolvers();

// The links to the history show only where there is one (`serve --history FILE.db`): without it
// `/history` answers 404.
fetch("/history", { method: "HEAD" }).then((answer) => { $("history-links").hidden = !answer.ok; }, () => {});

// The solvers chosen, as the batch API takes them: `family:solver,...`.
function chosenSolvers() {
  return [...document.querySelectorAll("#solvers select")].map((choice) => `${choice.dataset.family}:${choice.value}`).join(",");
}

// A file name whose lines may break after each `/` only (and at its hyphens, as any text).
function fileCell(cell, name) {
  cell.title = name;
  name.split("/").forEach((part, index, parts) => {
    cell.append(index < parts.length - 1 ? `${part}/` : part);
    if (index < parts.length - 1) cell.append(document.createElement("wbr"));
  });
}

async function solve(files) {
  if (files.length === 0) return;
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  $("summary").textContent = `solving ${files.length} ${files.length === 1 ? "file" : "files"}...`;
  const query = new URLSearchParams({ timeout: $("timeout").value, solvers: chosenSolvers() });
  const answer = await api(`/api/batch?${query}`, { method: "POST", body: form });
  if (answer.status !== 200) {
    $("summary").textContent = "";
    return showMessage(messageOf(answer.body));
  }
  const { records, summary, html, junit, references, skipped } = answer.body;
  const table = $("results");
  table.innerHTML = "<tr><th>file</th><th>family</th><th>solver</th><th>result</th><th>reference</th><th>ms</th><th>message</th></tr>";
  for (const record of records) {
    const row = table.insertRow();
    const cells = [record.file, record.family, record.solver, record.result, record.verdict || "", record.ms.toFixed(3), record.message || ""];
    cells.forEach((text, index) => {
      const cell = row.insertCell();
      if (index === 0) fileCell(cell, text); else cell.textContent = text;
      if (index === 3) cell.className = TONES[record.status];
      if (index === 4 && record.verdict) cell.className = TONES[record.verdict];
      if (index === 5) cell.className = "number";
    });
    // Where a position's files came from, and how an answer differs from its reference.
    const notes = [record.dictionary && `dictionary: ${record.dictionary}`, record.tiles && `tiles: ${record.tiles}`, record.warning && `warning: ${record.warning}`].filter(Boolean);
    if (notes.length > 0 || record.diff) {
      const cell = table.insertRow().insertCell();
      cell.colSpan = 7;
      cell.className = "detail";
      if (notes.length > 0) cell.append(Object.assign(document.createElement("div"), { textContent: notes.join("; ") }));
      if (record.diff) cell.append(Object.assign(document.createElement("pre"), { className: "diff", textContent: record.diff }));
    }
  }
  // Files without a solution in their rows' words (no round, no play), as the command line says.
  const unsolved = {};
  for (const record of records.filter((record) => record.status === "no_solution")) unsolved[record.result] = (unsolved[record.result] || 0) + 1;
  const statuses = Object.entries(summary.statuses).filter(([, count]) => count > 0).flatMap(([status, count]) =>
    status === "no_solution" ? Object.keys(unsolved).sort().map((label) => `${unsolved[label]} ${label}`) : [`${count} ${status.replace("_", " ")}`]);
  const verdicts = summary.verdicts;
  $("summary").textContent = `${summary.files} files: ${statuses.join(", ")}; references: ${verdicts.same} same, `
    + `${verdicts.valid} valid, ${verdicts.differs} differ; ${summary.skipped} skipped; time ${duration(summary.wall_ms)}`;
  // Which files were skipped, and why, on hover.
  $("summary").title = skipped.map((file) => `${file.file}: ${file.reason}`).join("\n");
  offerDownload($("save-link"), "report.html", html);
  $("save").disabled = false;
  const zip = Uint8Array.from(atob(references.zip), (character) => character.charCodeAt(0));
  offerDownload($("references-link"), "references.zip", zip, "application/zip");
  const count = references.files.length;
  $("download-references").textContent = `Download References (${count})`;
  $("download-references").title = references.files.join("\n");
  $("download-references").disabled = count === 0;
  offerDownload($("junit-link"), "junit.xml", junit, "application/xml");
  $("download-junit").disabled = false;
}

$("files").addEventListener("change", (event) => {
  solve([...event.target.files]);
  event.target.value = "";
});
const drop = $("drop");
drop.addEventListener("dragover", (event) => {
  event.preventDefault();
  drop.classList.add("over");
});
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (event) => {
  event.preventDefault();
  drop.classList.remove("over");
  solve([...event.dataTransfer.files]);
});
$("save").addEventListener("click", () => $("save-link").click());
$("download-references").addEventListener("click", () => $("references-link").click());
$("download-junit").addEventListener("click", () => $("junit-link").click());
