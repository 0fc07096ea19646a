import { parseFocus } from './attachment.service';

describe('parseFocus', () => {
  it.each([
    ['0,0', { x: 0, y: 0 }],
    ['-1,1', { x: -1, y: 1 }],
    [' 0.25 , -0.75 ', { x: 0.25, y: -0.75 }],
    ['.5,-.5', { x: 0.5, y: -0.5 }],
  ])('reads %j', (value, focus) => {
    expect(parseFocus(value)).toEqual(focus);
  });

  it.each(['1.01,0', '0,-1.5', 'a,b', '0.5', '0,0,0', '', '1e-1,0', 'Infinity,0', '0x1,0'])('refuses %j with a 422', (value) => {
    expect(() => parseFocus(value)).toThrow('Validation failed: Focus must be two numbers from -1.0 to 1.0, as "x,y"');
  });
});
