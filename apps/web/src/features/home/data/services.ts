/** The spec's static service list (section 3: _id, name, description, img), three entries. */
import { staticServiceNames } from '@clinic/shared';
import fluoride from '../../../assets/service-fluoride.webp';
import cavity from '../../../assets/service-cavity.webp';
import whitening from '../../../assets/service-whitening.webp';

export type StaticService = {
  _id: string;
  name: string;
  description: string;
  img: string;
  imgAlt: string;
};

const [fluorideName, cavityName, whiteningName] = staticServiceNames;

export const staticServices: readonly StaticService[] = [
  {
    _id: '1',
    name: fluorideName,
    description: 'A quick varnish that strengthens enamel and helps protect teeth against decay.',
    img: fluoride,
    imgAlt: 'A tooth beside a drop of fluoride',
  },
  {
    _id: '2',
    name: cavityName,
    description: 'Decay removed gently and the tooth restored with a durable, tooth-coloured filling.',
    img: cavity,
    imgAlt: 'A tooth with a cavity and a filling tool',
  },
  {
    _id: '3',
    name: whiteningName,
    description: 'Professional whitening that lifts stains safely for a brighter, natural-looking smile.',
    img: whitening,
    imgAlt: 'A gleaming white tooth',
  },
];

/** Shown size of the service illustrations, matching the generated images. */
export const SERVICE_IMAGE_SIZE = 128;
