// What every page shares: the API call, the message box, downloads and number formats.
"use strict";

// Calls the API: resolves to { status, body } with the parsed JSON body.
async function api(path, options) {
  const response = await fetch(path, options);
  let body;
  try {
    body = await response.json();
  } catch (error) {
    body = { error: `the server answered ${response.status} without JSON` };
  }
  return { status: response.status, body };
}

// POSTs `value` as JSON to `path`: the status and the parsed answer, as `api` gives them.
function postJson(path, value) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
}

// The message of an API error body, or of a record that carries one.
function messageOf(body) {
  return body.error || body.message || "unknown error";
}

// Shows `text` in the page's message box (a modal dialog with an OK button).
function showMessage(text) {
  const dialog = document.getElementById("message");
  document.getElementById("message-text").textContent = text;
  if (!dialog.open) dialog.showModal();
}

// Offers `content` (text, or bytes in a Uint8Array) of type `type` for download as `name` through the
// link `link` (kept, so that its content can be checked).
function offerDownload(link, name, content, type = "text/plain") {
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([content], { type }));
  link.download = name;
}

// A duration in milliseconds in the unit that suits it, as the command line prints it.
function duration(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

// Marks the page's own link in the navigation bar.
document.querySelectorAll("nav a").forEach((link) => {
  if (link.getAttribute("href") === location.pathname) link.classList.add("here");
});
