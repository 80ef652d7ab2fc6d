// A task list item (`- [ ] write the test`) renders as a checkbox with its text beside it, not in a <label>: the
// checkbox had no name, so a screen reader said only "checkbox, not checked". Each one is named by its item's text.
import type { Element, ElementContent, Nodes } from 'hast';
import { visit } from 'unist-util-visit';

const isElement = (node: ElementContent): node is Element => node.type === 'element';

const isCheckbox = (node: ElementContent): boolean =>
  isElement(node) && node.tagName === 'input' && node.properties.type === 'checkbox';

/** The item's own words: nested lists are items of their own, with their own checkboxes. */
function itemText(nodes: readonly ElementContent[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.value;
    else if (isElement(node) && node.tagName !== 'ul' && node.tagName !== 'ol') text += ` ${itemText(node.children)} `;
  }
  return text;
}

/** Gives every task list checkbox the text of its item as its accessible name. */
export function labelTaskListCheckboxes(tree: Nodes): void {
  visit(tree, 'element', (item: Element) => {
    if (item.tagName !== 'li') return;
    // A tight list puts the checkbox straight in the item; a loose one, in the item's first paragraph.
    const first = item.children.find(isElement);
    const holder = first?.tagName === 'p' ? first.children.find(isElement) : first;
    const checkbox = holder && isCheckbox(holder) ? holder : null;
    if (!checkbox) return;
    const label = itemText(item.children).replace(/\s+/g, ' ').trim();
    if (label !== '') checkbox.properties.ariaLabel = label;
  });
}
