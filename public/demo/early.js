// Runs before the demo shop's first paint (a classic script in the head): a page opened with
// ?session=… shows its checkout area from the start, not the setup form that demo.js would
// swap for it later (which pushed everything below it down).
if (new URLSearchParams(location.search).has('session')) {
  document.documentElement.classList.add('paying');
}
