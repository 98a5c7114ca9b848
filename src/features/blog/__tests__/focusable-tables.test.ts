import { rehypeFocusableTables } from '../../../../plugins/rehype-focusable-tables';

test('every table, however deep, becomes keyboard-focusable; nothing else changes', () => {
  const tree = {
    type: 'root',
    children: [
      { type: 'element', tagName: 'p', properties: {}, children: [] },
      {
        type: 'element',
        tagName: 'div',
        properties: {},
        children: [
          { type: 'element', tagName: 'table', properties: { className: ['x'] }, children: [] },
        ],
      },
    ],
  };
  rehypeFocusableTables()(tree);
  const [paragraph, wrapper] = tree.children;
  expect(paragraph?.properties).toEqual({});
  expect(wrapper?.children?.[0]?.properties).toEqual({ className: ['x'], tabIndex: 0 });
});
