// The New game page's clock choice: no clock, or one of the server's time controls
// (GET /api/time-controls, one data table on the server). new.js sends the checked one.

(async function clockChoices() {
  const box = document.getElementById("clocks");
  if (!box) return;
  let controls = [];
  try { controls = await api("GET", "/api/time-controls"); } catch (e) { controls = []; }
  const choice = (id, title, checked) => {
    const label = document.createElement("label");
    label.className = "choice";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "clock";
    input.value = id;
    input.checked = checked;
    const text = document.createElement("span");
    text.textContent = title;
    label.append(input, " ", text);
    return label;
  };
  box.replaceChildren(
    choice("none", "No clock — the game waits for its players", true),
    ...controls.map(c => choice(c.id, c.title + " — out of time loses", false)));
})();
