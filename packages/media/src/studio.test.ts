import { describe, expect, it } from 'vitest';
import { studioGraph } from './studio.js';

const picture = {
  width: 640,
  height: 360,
  fps: 25,
  title: "Coach Martin's take: 'on' the push",
  label: 'Interview',
  color: '#1F5FBF',
};

describe('studioGraph', () => {
  it('draws the wall, the camera and the lower third, with [vout] and [aout] pads', () => {
    const graph = studioGraph({ ...picture, fontFile: '/fonts/Sans.ttf' });
    expect(graph).toContain('color=c=0x1F5FBF:s=640x360:r=25[wall]');
    expect(graph).toContain('[vout]');
    expect(graph).toContain('[aout]');
    // Quotes and colons never reach drawtext: the title is plain letters.
    expect(graph).toContain("text='Coach Martins take on the push'");
    expect(graph).toContain("text='Interview'");
  });

  it('keeps a colour that is not #rrggbb out of the graph, and needs no font', () => {
    const graph = studioGraph({ ...picture, color: 'red;[x]' });
    expect(graph).not.toContain('red;');
    expect(graph).not.toContain('drawtext');
  });
});
