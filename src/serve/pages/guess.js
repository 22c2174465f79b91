// Guess a number: the program as codebreaker or host, and simulations. The server keeps nothing:
// each request carries the game so far.
"use strict";

const $ = (id) => document.getElementById(id);

// "2 guesses: 1000 2111", as the command line lists guesses.
function listed(guesses) {
  return `${guesses.length} ${guesses.length === 1 ? "guess" : "guesses"}: ${guesses.join(" ")}`;
}

// "1 match", "0 matches": an answer as the command line words it, on both games.
function matchesOf(count) {
  return `${count} ${count === 1 ? "match" : "matches"}`;
}

// The codebreaker game: the answers given so far.
let codebreaker = { strategy: "first", digits: 4, answers: [] };

async function playCodebreaker() {
  const answer = await postJson("/api/guess/codebreaker", codebreaker);
  if (answer.status !== 200) {
    codebreaker.answers.pop();
    showMessage(messageOf(answer.body));
    return;
  }
  const view = answer.body;
  const table = $("codebreaker-guesses");
  table.innerHTML = "";
  view.guesses.forEach((guess, index) => {
    const row = table.insertRow();
    row.insertCell().textContent = `Guess ${index + 1}:`;
    row.insertCell().textContent = guess;
    row.insertCell().textContent = index < codebreaker.answers.length ? matchesOf(codebreaker.answers[index]) : "?";
  });
  const bar = $("answer-bar");
  bar.innerHTML = "";
  const status = $("codebreaker-status");
  if (view.state === "playing") {
    bar.append("Matches: ");
    for (let matches = 0; matches <= codebreaker.digits; matches++) {
      const button = document.createElement("button");
      button.id = `answer-${matches}`;
      button.textContent = matches;
      button.addEventListener("click", () => {
        codebreaker.answers.push(matches);
        playCodebreaker();
      });
      bar.append(button);
    }
    status.textContent = `${view.candidates} ${view.candidates === 1 ? "number is" : "numbers are"} still possible.`;
  } else if (view.state === "won") {
    status.textContent = `Found ${view.guesses[view.guesses.length - 1]} with ${listed(view.guesses)}`;
  } else {
    status.textContent = `No number matches all your answers after ${listed(view.guesses)}.`;
  }
}

$("new-codebreaker").addEventListener("click", () => {
  const digits = Number($("digits").value);
  codebreaker = { strategy: $("strategy").value, digits, answers: [] };
  const smallest = 10 ** (digits - 1);
  $("codebreaker-intro").textContent = `Think of a ${digits}-digit number from ${smallest} to ${10 * smallest - 1}. `
    + "After each guess, click how many of its digits are the right digit in the right place.";
  playCodebreaker();
});

// The hosted game: the seed that drew the secret and the guesses so far.
let hosted = null;

// Says what was wrong with the guess typed, under the box, as the command line says it and asks
// again; an empty text clears it. No dialog to close: the next guess can be typed at once.
function hostTypo(text) {
  $("host-typo").textContent = text;
}

async function playHost(reveal) {
  const answer = await postJson("/api/guess/host", { ...hosted, reveal });
  if (answer.status !== 200) {
    hosted.guesses.pop();
    hostTypo(messageOf(answer.body));
    return;
  }
  hostTypo("");
  const view = answer.body;
  const table = $("host-guesses");
  table.innerHTML = "";
  hosted.guesses.forEach((guess, index) => {
    const row = table.insertRow();
    row.insertCell().textContent = `Guess ${index + 1}:`;
    row.insertCell().textContent = guess;
    row.insertCell().textContent = matchesOf(view.answers[index]);
  });
  if (view.found) {
    $("host-status").textContent = `You found ${view.secret} with ${hosted.guesses.length} ${hosted.guesses.length === 1 ? "guess" : "guesses"}.`;
  } else if (view.secret !== null) {
    $("host-status").textContent = `The number was ${view.secret}.`;
  }
  $("host-submit").disabled = view.secret !== null;
}

$("new-host").addEventListener("click", () => {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  hosted = { digits: Number($("host-digits").value), seed, guesses: [] };
  $("host-guesses").innerHTML = "";
  hostTypo("");
  $("host-status").textContent = `I have picked a ${hosted.digits}-digit number. Guess it.`;
  $("host-submit").disabled = false;
});

$("host-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!hosted) return hostTypo("Start a game with New Game first.");
  const text = $("host-guess").value.trim();
  if (!/^\d+$/.test(text)) return hostTypo(`"${text}" is not a number; type a ${hosted.digits}-digit number.`);
  hosted.guesses.push(Number(text));
  $("host-guess").value = "";
  playHost(false);
});

$("host-give-up").addEventListener("click", () => hosted && playHost(true));

// The form's defaults by digits, which finish on a 2-core machine: at 9 digits even `first` spends
// about 2 s of processor time on each secret (its first guesses scan 900 million numbers), so the
// sample is smaller and the limit longer; at 8 digits a sample of 50 takes about 8 s.
const SIMULATION_DEFAULTS = { 8: { sample: 50, timeout: 30 }, 9: { sample: 5, timeout: 60 } };
const SMALL_DEFAULTS = { sample: 50, timeout: 10 };

$("sim-digits").addEventListener("change", () => {
  const { sample, timeout } = SIMULATION_DEFAULTS[$("sim-digits").value] || SMALL_DEFAULTS;
  $("sim-sample").value = sample;
  $("sim-timeout").value = timeout;
});

// The number of the latest simulation asked for: an answer to an older one is never drawn.
let simulation = 0;

// The simulation's summary and its histogram of guesses per secret: one column per number of
// guesses, its count above its bar and its label below, so that each label is centred under its bar.
// A range too large to play whole is sampled, and the summary says so; a simulation refused or
// stopped at its limit says why in the summary's place, with no chart. Simulate waits while one runs.
$("simulate").addEventListener("click", async () => {
  const [strategy, digits, timeout, sample] = [$("sim-strategy").value, $("sim-digits").value, $("sim-timeout").value, $("sim-sample").value];
  const query = new URLSearchParams({ strategy, digits, timeout, sample });
  const bars = $("bars");
  bars.innerHTML = "";
  $("sim-summary").textContent = "simulating...";
  $("simulate").disabled = true;
  const asked = ++simulation;
  const started = performance.now();
  let answer;
  try {
    answer = await api(`/api/guess/simulate?${query}`);
  } catch (error) {
    answer = { status: 0, body: { error: String(error) } };
  }
  if (asked !== simulation) return;
  $("simulate").disabled = false;
  if (answer.status !== 200) {
    $("sim-summary").textContent = `${strategy}, ${digits} digits: ${messageOf(answer.body)}`;
    return;
  }
  const summary = answer.body;
  const played = summary.sample
    ? `a sample of ${summary.secrets} secrets drawn at random from the ${summary.sample.of} (seed ${summary.sample.seed})`
    : `${summary.secrets} secrets`;
  $("sim-summary").textContent = `${summary.strategy}, ${summary.digits} digits, ${played}: `
    + `worst case ${summary.worst_case} guesses, mean ${summary.mean.toFixed(4)} guesses `
    + `(${duration(performance.now() - started)})`;
  const most = Math.max(...summary.histogram.map((bar) => bar.secrets));
  for (const bar of summary.histogram) {
    const column = document.createElement("div");
    column.className = "column";
    column.title = `${bar.secrets} secrets in ${bar.guesses} guesses`;
    const count = Object.assign(document.createElement("span"), { className: "count", textContent: bar.secrets });
    const drawn = Object.assign(document.createElement("div"), { className: "bar" });
    drawn.style.height = `${(10 * bar.secrets) / most}em`;
    const label = Object.assign(document.createElement("span"), { className: "label", textContent: bar.guesses });
    column.append(count, drawn, label);
    bars.append(column);
  }
});
