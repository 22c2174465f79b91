// The tournament organiser's window: open a pairing file, show one round, save exactly that round.
"use strict";

const round = document.getElementById("round");
const save = document.getElementById("save");
const saveLink = document.getElementById("save-link");
const time = document.getElementById("time");

// Solves the chosen file; only a round changes the window, and only no round clears it.
document.getElementById("open").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  const solver = document.getElementById("solver").value;
  const timeout = document.getElementById("timeout").value;
  const query = new URLSearchParams({ solver, timeout, name: file.name });
  let answer;
  try {
    answer = await api(`/api/solve/tournament?${query}`, { method: "POST", body: await file.arrayBuffer() });
  } catch (error) {
    showMessage(`${file.name}: ${error}`);
    return;
  }
  const record = answer.body;
  if (record.status === "solved") {
    round.value = record.output;
    save.disabled = false;
    offerDownload(saveLink, "round.txt", record.output);
    time.textContent = `${record.solver}: ${duration(record.ms)}`;
  } else if (record.status === "no_solution") {
    round.value = "";
    save.disabled = true;
    time.textContent = `${record.solver}: ${duration(record.ms)}`;
    showMessage(record.output.trimEnd());
  } else if (record.status === "timeout") {
    showMessage(`No round was found within the time limit of ${timeout} s.`);
  } else {
    showMessage(messageOf(record));
  }
});

// Saves exactly the round shown, as round.txt.
save.addEventListener("click", () => saveLink.click());
